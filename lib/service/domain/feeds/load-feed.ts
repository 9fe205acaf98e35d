import { decodeBody } from '../../ingest/decode';
import { discoverFeeds, looksLikeFeed, wellKnownFeedPaths } from '../../ingest/discover';
import { fetchFeed, FetchError } from '../../ingest/fetch-feed';
import { FeedParseError } from '../../ingest/parse-feed';
import type { ParsedFeed } from '../../ingest/types';
import type { PreparedDoc } from '../../intelligence/prepare-doc';
import { prepareFeed, type FeedSource, type PreparedFeed } from './prepare-feed';

/** A feed found at a URL a person gave: where it lives, what it holds, and each item's indexing doc. */
export type LoadedFeed = {
  url: string; feed: ParsedFeed; docs: PreparedDoc[]; etag: string | null; lastModified: string | null; cacheMaxAge: number | null;
};

/** Reads a fetched document into a feed with none of its items stored yet; throws FeedParseError when it is no feed. */
export type ReadFeed = (source: FeedSource) => Promise<PreparedFeed>;

const readInline: ReadFeed = async (source) => prepareFeed(source, (keys) => keys.map(() => false));

/** Why a URL gave no feed: unreachable (SPEC.md's 503), not a feed (400), or an address that is never fetched (400). */
export class FeedNotFound extends Error {
  constructor(readonly reason: 'unreachable' | 'not_a_feed' | 'refused_address', message: string) {
    super(message);
  }
}

type FetchOptions = {
  allowPrivate: boolean;
  isKnown?: (url: string) => boolean | Promise<boolean>;
  /** Deadline of the whole search, page and guessed paths together (default 20 s). */
  timeoutMs?: number;
  /** How the feed document is read: on the calling thread unless a caller hands over its worker. */
  read?: ReadFeed;
  /** The caller's stop: a fetch under way is cancelled (its connection closed) and no other is begun. */
  signal?: AbortSignal;
};

/** One fetch's own deadline (fetchFeed's default). */
const FETCH_TIMEOUT_MS = 15_000;

/**
 * Fetches a URL and returns its feed; a web page is searched for feed links, then the usual
 * feed paths are tried. `isKnown` lets the caller stop at a feed it already stores.
 */
export async function loadFeed(url: string, options: FetchOptions): Promise<LoadedFeed | { knownUrl: string }> {
  // Each guess may take a fetch's whole deadline: a site that stalls on all of them held a
  // subscribe for minutes, long after the caller had given up.
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  const fetchTimeout = () => Math.min(FETCH_TIMEOUT_MS, deadline - Date.now());
  let page;
  try {
    page = await fetchFeed(url, { allowPrivate: options.allowPrivate, timeoutMs: fetchTimeout(), signal: options.signal });
  } catch (error) {
    throw asNotFound(error);
  }
  if (page.kind !== 'ok') throw new FeedNotFound('unreachable', 'The URL answered without a document.');
  const text = decodeBody(page.body, page.contentType);
  const read = options.read ?? readInline;
  if (looksLikeFeed(text, page.contentType)) return readLoaded(read, page);

  const linked = discoverFeeds(text, page.finalUrl);
  const candidates = [...new Set([...linked, ...wellKnownFeedPaths(page.finalUrl)])].slice(0, 12);
  let unreachableLink: string | null = null;
  for (const candidate of candidates) {
    if (await options.isKnown?.(candidate)) return { knownUrl: candidate };
    if (fetchTimeout() <= 0 || options.signal?.aborted) break;
    try {
      const found = await fetchFeed(candidate, { allowPrivate: options.allowPrivate, timeoutMs: fetchTimeout(), signal: options.signal });
      if (found.kind !== 'ok') continue;
      const body = decodeBody(found.body, found.contentType);
      if (looksLikeFeed(body, found.contentType)) return readLoaded(read, found);
    } catch (error) {
      // A guessed path that fails is expected; a feed the page links to that cannot be fetched is not.
      if (linked.includes(candidate) && !unreachableLink) unreachableLink = `${candidate}: ${(error as Error).message}`;
    }
  }
  if (unreachableLink) throw new FeedNotFound('unreachable', `The page links to a feed that could not be fetched (${unreachableLink}).`);
  throw new FeedNotFound('not_a_feed', 'The URL does not host a parseable feed, and the page links to none.');
}

type Fetched = { body: Uint8Array; finalUrl: string; contentType: string | null; etag: string | null; lastModified: string | null; cacheControlMaxAge: number | null };

async function readLoaded(read: ReadFeed, response: Fetched): Promise<LoadedFeed> {
  const url = response.finalUrl;
  try {
    const { feed, docs } = await read({ body: response.body, url, contentType: response.contentType });
    return { url, feed, docs, etag: response.etag, lastModified: response.lastModified, cacheMaxAge: response.cacheControlMaxAge };
  } catch (error) {
    if (error instanceof FeedParseError) throw new FeedNotFound('not_a_feed', `The URL does not host a parseable feed: ${error.message}`);
    throw error;
  }
}

function asNotFound(error: unknown): FeedNotFound {
  if (error instanceof FetchError) {
    if (error.reason === 'private_address') return new FeedNotFound('refused_address', error.message);
    if (error.reason === 'invalid_url') return new FeedNotFound('not_a_feed', error.message);
    return new FeedNotFound('unreachable', `The feed URL could not be fetched: ${error.message}`);
  }
  return new FeedNotFound('unreachable', 'The feed URL could not be fetched.');
}
