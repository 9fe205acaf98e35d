/** Reading a sync call (Fever, Google Reader): its parameters come from the query string and from a form-encoded or multipart body. */

/** Sync calls' bodies hold a key, a few ids and names; anything longer is not one of them. */
const maxBodyBytes = 256 * 1024;

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
 * A sync call's parameters: the query string's, then the body's in place of those of the same
 * name (clients POST keys, marks and ids in a form, with `?api` or `?output=json` in the URL).
 * Repeated names (`i=…&i=…`) stay repeated. A body that cannot be read adds nothing.
 */
export async function callParams(request: Request): Promise<URLSearchParams> {
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
  const entries = [...body].filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  for (const [name] of entries) params.delete(name);
  for (const [name, value] of entries) params.append(name, value);
  return params;
}
