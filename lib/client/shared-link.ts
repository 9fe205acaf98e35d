/** What a share sheet hands over: any of a title, a text and a URL. */
export type SharedData = { title?: string | null; text?: string | null; url?: string | null };

const urlPattern = /https?:\/\/[^\s<>"']+/i;

/**
 * The web address in what another app shared: the `url` field when it holds one, else
 * the first http(s) address in the text or title (many Android apps put the link in `text`).
 */
export function sharedLink(data: SharedData): string | null {
  for (const candidate of [data.url, data.text, data.title]) {
    const found = candidate?.trim().match(urlPattern)?.[0];
    if (!found) continue;
    // Trailing punctuation belongs to the sentence, not to the address.
    const trimmed = found.replace(/[).,;:!?]+$/, '');
    try {
      const parsed = new URL(trimmed);
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return parsed.toString();
    } catch {
      // Not an address after all; try the next field.
    }
  }
  return null;
}
