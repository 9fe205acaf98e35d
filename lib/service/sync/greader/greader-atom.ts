/**
 * The older Atom form of a stream, /greader/reader/atom/<stream>, which newsboat reads: the
 * items of stream/contents as Atom entries, each with Google Reader's categories (`read` for a
 * read item, `fresh` for an unread one, `starred`, labels) and a `gr:continuation` when more follow.
 * A first page reaches further than n, for newsboat (see atomStream).
 */
import type { User } from '../../domain/accounts';
import type { RefQuery } from '../../store/greader';
import type { Store } from '../../store/store';
import { encodeContinuation, toGoogleItem } from './greader-read';

const escape = (text: string) => text.replace(/[<>&"']/g, (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[char]};`);
// A title is plain text, and type="html" makes a reader parse it as markup: escaped once as HTML, once as XML.
const htmlTitle = (text: string) => escape(escape(text));
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const scheme = 'http://www.google.com/reader/';

function category(term: string): string {
  return `<category term="${escape(term)}" scheme="${scheme}" label="${escape(term.slice(term.lastIndexOf('/') + 1))}"/>`;
}

function entry(item: ReturnType<typeof toGoogleItem>): string {
  const link = item.alternate[0]?.href;
  const states = item.categories.includes('user/-/state/com.google/read') ? [] : ['user/-/state/com.google/fresh'];
  return `<entry gr:crawl-timestamp-msec="${item.crawlTimeMsec}">
<id>${item.id}</id>
${[...item.categories, ...states].map(category).join('\n')}
<title type="html">${htmlTitle(item.title)}</title>
<published>${iso(item.published)}</published>
<updated>${iso(item.updated)}</updated>
${link ? `<link rel="alternate" href="${escape(link)}" type="text/html"/>` : ''}
<summary type="html">${escape(item.summary.content)}</summary>
<author><name>${escape(item.author)}</name></author>
<source gr:stream-id="${escape(item.origin.streamId)}"><id>tag:google.com,2005:reader/${escape(item.origin.streamId)}</id><title type="html">${htmlTitle(item.origin.title)}</title>${item.origin.htmlUrl ? `<link rel="alternate" href="${escape(item.origin.htmlUrl)}" type="text/html"/>` : ''}</source>
</entry>`;
}

/**
 * GET reader/atom/<stream>: a page of the stream as an Atom document. newsboat asks each feed for
 * its n newest (`feedhq-min-items`, 20), follows no continuation, and keeps an item it once saw
 * unread until a page shows it read; so that it lists exactly /v1's unread items, a first page
 * (no `c`, no `xt`) carries the stream's newest `maxCount` items whatever n asks, and the unread
 * items past them, up to `maxCount` more.
 */
export async function atomStream(store: Store, user: User, streamId: string, query: RefQuery, maxCount: number): Promise<Response> {
  const first = !query.after && !query.exclude;
  const { refs, next } = await store.greader.itemRefs(user.id, first ? { ...query, count: Math.max(query.count, maxCount) } : query);
  const unread = first && next ? (await store.greader.itemRefs(user.id, { ...query, exclude: { kind: 'read' }, after: next, count: maxCount })).refs : [];
  const items = (await store.greader.itemContents(user.id, [...refs, ...unread].map(([id]) => id))).map(toGoogleItem);
  const continuation = next ? `<gr:continuation>${encodeContinuation(next)}</gr:continuation>\n` : '';
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:gr="http://www.google.com/schemas/reader/atom/" gr:dir="ltr">
<id>tag:google.com,2005:reader/${escape(streamId)}</id>
<title>${escape(streamId)}</title>
${continuation}<updated>${new Date().toISOString()}</updated>
${items.map(entry).join('\n')}
</feed>
`;
  return new Response(body, { headers: { 'content-type': 'application/atom+xml; charset=utf-8' } });
}
