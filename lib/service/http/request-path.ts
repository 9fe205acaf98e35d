/** The one sentence refusing a path whose %-escapes are not UTF-8 (decodeURIComponent throws on it), or null for a path that decodes. */
export function undecodablePathMessage(pathname: string): string | null {
  try {
    decodeURIComponent(pathname);
    return null;
  } catch {
    return `The path ${pathname} is not valid percent-encoded UTF-8.`;
  }
}
