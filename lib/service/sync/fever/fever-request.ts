/** Reading a Fever call: its parameters come from the query string and from a form-encoded or multipart body. */

/** Fever bodies hold a key and a few numbers; anything longer is not a Fever call. */
const maxBodyBytes = 64 * 1024;

async function readBody(request: Request): Promise<string | null> {
  if (!request.body || Number(request.headers.get('content-length')) > maxBodyBytes) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > maxBodyBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(chunk.value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * The call's parameters: the query string's, then the body's over them (clients POST `api_key`
 * and the marks in a form, with `?api` in the URL). A body that cannot be read adds nothing.
 */
export async function feverParams(request: Request): Promise<URLSearchParams> {
  const params = new URLSearchParams(new URL(request.url).search);
  if (request.method !== 'POST') return params;
  const contentType = request.headers.get('content-type') ?? '';
  const text = await readBody(request);
  if (text === null) return params;
  let body: Iterable<[string, FormDataEntryValue]> = [];
  try {
    if (/^multipart\/form-data/i.test(contentType)) body = await new Response(text, { headers: { 'content-type': contentType } }).formData();
    else body = new URLSearchParams(text);
  } catch {
    return params;
  }
  for (const [name, value] of body) if (typeof value === 'string') params.set(name, value);
  return params;
}

/** A whole number of at least `min`, or undefined for anything else. */
export function wholeNumber(value: string | null, min = 0): number | undefined {
  if (value === null || !/^\d{1,15}$/.test(value.trim())) return undefined;
  const number = Number(value.trim());
  return number >= min ? number : undefined;
}

/** A comma-separated list of whole numbers (at most `max`), or undefined when any entry is not one. */
export function idList(value: string, max: number): number[] | undefined {
  const parts = value.split(',').map((part) => part.trim()).filter(Boolean);
  if (parts.length > max) return undefined;
  const ids = parts.map((part) => wholeNumber(part, 1));
  return ids.every((id) => id !== undefined) ? (ids as number[]) : undefined;
}
