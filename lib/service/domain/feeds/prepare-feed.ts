/**
 * A fetched feed document made ready to store, without the database, in two steps so that a
 * worker thread can do the costly part: open (decode and read the document, which gives the keys
 * of its items), then, once the caller has said which of them are stored already, finish
 * (normalize and sanitize the new items and work out their terms).
 */
import { itemFingerprint, itemKey, normalizeFeed } from '../../ingest/normalize';
import { readRawFeed } from '../../ingest/parse-feed';
import type { RawFeed } from '../../ingest/raw-feed';
import type { ParsedFeed } from '../../ingest/types';
import { prepareDoc, type PreparedDoc } from '../../intelligence/prepare-doc';
import type { ListedKey } from '../../store/subscriptions';
import { itemText, type ItemText } from './item-text';

/**
 * What an item is recognised by when asking whether it is stored already, and its fingerprint
 * (normalize.ts itemFingerprint), which tells whether the feed edited it since.
 */
export type ItemKey = { guid: string | null; url: string | null; fingerprint?: string };

/** A fetched document and where it came from. */
export type FeedSource = { body: Uint8Array; url: string; contentType: string | null };

/**
 * A parsed feed (stored items left out) with, for each of its items, what indexing needs and its
 * search text and hash (so the thread that writes them need not work them out), and the keys of all it lists.
 */
export type PreparedFeed = { feed: ParsedFeed; docs: PreparedDoc[]; texts: ItemText[]; listed: ListedKey[] };

/** An opened document: read, not yet normalized. */
export type OpenedFeed = { raw: RawFeed; keys: ItemKey[] };

/** Decodes and reads a fetched document; throws FeedParseError when it is not a feed. */
export function openFeed(source: FeedSource): OpenedFeed {
  const raw = readRawFeed(source.body, { url: source.url, contentType: source.contentType ?? undefined });
  return { raw, keys: raw.items.map((item) => ({ ...itemKey(item), fingerprint: itemFingerprint(item) })) };
}

/**
 * Normalizes and sanitizes an opened feed's items but those `known` marks (one flag per key,
 * as a stored item is found unchanged: by guid and fingerprint, or by link when it has no guid), and prepares each for
 * indexing unless `withDocs` is false (a refresh indexes behind, and works them out then).
 */
export function finishFeed({ raw, keys }: OpenedFeed, known: ArrayLike<boolean>, withDocs = true): PreparedFeed {
  const guids = new Set<string>();
  const urls = new Set<string>();
  keys.forEach((key, i) => {
    if (!known[i]) return;
    if (key.guid) guids.add(key.guid);
    else if (key.url) urls.add(key.url);
  });
  const feed = normalizeFeed(raw, {
    sanitize: true,
    knownItem: ({ guid, url }) => (guid ? guids.has(guid) : url !== null && urls.has(url)),
  });
  // An item with neither guid nor link is never known beforehand, so it is among the normalized
  // items, whose text tells it apart as the stored one's does.
  const listed: ListedKey[] = keys.filter(({ guid, url }) => guid || url).map(({ guid, url }) => ({ guid, url }));
  for (const { guid, url, title, content, summary } of feed.items) if (!guid && !url) listed.push({ guid, url, title, content, summary });
  return { feed, docs: withDocs ? feed.items.map((item) => prepareDoc(item)) : [], texts: feed.items.map(itemText), listed };
}

/** Both steps on the calling thread. */
export function prepareFeed(source: FeedSource, known: (keys: ItemKey[]) => ArrayLike<boolean>, withDocs = true): PreparedFeed {
  const opened = openFeed(source);
  return finishFeed(opened, known(opened.keys), withDocs);
}
