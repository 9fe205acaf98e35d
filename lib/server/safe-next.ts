import 'server-only';

/*
 * Where to go after signing in: only a path of this site. Browsers drop tabs and newlines
 * inside a URL and read a backslash as a slash, so `/\t/evil.example` and `/\evil.example`
 * are other sites; a value with either, or any control character, is refused outright.
 */

const placeholderOrigin = 'http://tidings.invalid';
const where = '/inbox';

/** Whether a value holds a control character (CR/LF, tab, NUL, DEL…), which no path of ours has. */
export function hasControlCharacters(value: string): boolean {
  return /[\u0000-\u001f\u007f-\u009f]/.test(value);
}

/** A path inside the app to go to after signing in, percent-encoded as a Location may carry it; anything else becomes the inbox. */
export function safeNext(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return where;
  if (value.includes('\\') || hasControlCharacters(value)) return where;
  let url: URL;
  try {
    url = new URL(value, placeholderOrigin);
  } catch {
    return where;
  }
  if (url.origin !== placeholderOrigin) return where;
  const path = url.pathname + url.search + url.hash;
  if (path.startsWith('//') || path.startsWith('/api/') || path === '/api' || path.startsWith('/sign-in')) return where;
  return path;
}
