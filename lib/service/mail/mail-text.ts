import { escapeHtml, sanitizeContent } from '../ingest/sanitize';

/** http(s) URLs in running text: a URL ends at whitespace, a quote or an angle bracket (`<https://…>` is common in mail). */
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that more often ends the sentence than the URL before it. */
const SENTENCE_END = '.,;:!?';

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/** The URL without the sentence's punctuation; a closing bracket stays when the URL opened it (Wikipedia's `Foo_(bar)`). */
function trimUrl(candidate: string): string {
  let url = candidate;
  for (;;) {
    const last = url.at(-1) ?? '';
    const unopened = (last === ')' && count(url, '(') < count(url, ')')) || (last === ']' && count(url, '[') < count(url, ']'));
    if (!SENTENCE_END.includes(last) && !unopened) return url;
    url = url.slice(0, -1);
  }
}

function isWebAddress(url: string): boolean {
  try {
    return /^https?:$/.test(new URL(url).protocol);
  } catch {
    return false;
  }
}

function linkify(text: string): string {
  let html = '';
  let from = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = trimUrl(match[0]);
    if (!isWebAddress(url)) continue;
    html += `${escapeHtml(text.slice(from, match.index))}<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    from = match.index + url.length;
  }
  return html + escapeHtml(text.slice(from));
}

/**
 * HTML of a plain-text mail: paragraphs at blank lines, line breaks kept, http(s) URLs as links.
 * It goes through the sanitizer like HTML mail, so links get the same rel and target as any content.
 */
export function textToHtml(text: string): string {
  const paragraphs = text.replace(/\r\n?/g, '\n').trim().split(/\n{2,}/);
  return sanitizeContent(paragraphs.map((paragraph) => `<p>${linkify(paragraph).replace(/\n/g, '<br>')}</p>`).join('\n'), '');
}
