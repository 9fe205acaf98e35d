import 'server-only';
import { cache } from 'react';
import { unstable_serialize } from 'swr';
import { queryString } from '@/lib/client/api-client';
import { accountKey, capabilitiesKey, readLaterKey } from '@/lib/client/reader-keys';
import type { Account } from '@/lib/client/use-account';
import type { ReadLaterLink } from '@/lib/client/use-read-later';
import { filtersFor, readInboxSelection, type InboxSource } from '@/lib/client/inbox-view';
import { filtersKey, itemDetailKey, itemsListKey, itemsPageQuery, type ItemDetail, type ItemsList, type ItemsPage } from '@/lib/client/item-cache';
import { foldersKey, tagsKey } from '@/lib/client/source-keys';
import { subscriptionKey } from '@/lib/client/subscription-cache';
import { requireSession } from './require-session';
import { appCapabilities, sendUpstream } from './upstream';

/*
 * The first load of the inbox and the reader, on the server: the data the page's SWR hooks
 * would fetch after hydration, fetched while the page renders so its largest paint does not
 * wait for JavaScript and an API round trip. It takes the proxy's path (the session's
 * credential, local or remote service) and answers SWR fallback entries under the hooks'
 * own keys. Any failure answers no entries: the hooks then fetch in the browser and show
 * their usual loading and error states.
 */

/** SWR fallback entries, keyed as the client hooks key their requests. */
export type FirstLoad = Record<string, unknown>;

/** Page search params as Next hands them to a page. */
export type SearchParams = Record<string, string | string[] | undefined>;

// A slow hosted service must not hold the page back for long: past this, the browser fetches.
const budgetMs = 1500;

function withinBudget<T>(work: Promise<T>): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), budgetMs);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** GET on the service as the signed-in person; null when it fails, is late or answers anything but 200. */
async function getAsSession<T>(page: string, pathAndQuery: string): Promise<T | null> {
  // Outside the try: a visitor without a session is sent to sign in, not shown an empty page.
  const session = await requireSession(page);
  try {
    const answer = await withinBudget(sendUpstream({ method: 'GET', pathAndQuery, body: null, contentType: null }, session.caller));
    if (!answer || answer.status !== 200) return null;
    return (await answer.json()) as T;
  } catch (error) {
    // Only the path, never the query: it may hold what the person searched or filtered by.
    console.warn(`[tidings] The first load of ${pathAndQuery.split('?')[0]} failed on the server: ${(error as Error).message}`);
    return null;
  }
}

/** The first value of each search param, read like the browser's URLSearchParams.get. */
function paramsReader(searchParams: SearchParams): { get(name: string): string | null } {
  return {
    get: (name) => {
      const value = searchParams[name];
      return (Array.isArray(value) ? value[0] : value) ?? null;
    },
  };
}

function pageUrl(path: string, searchParams: SearchParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(searchParams)) {
    for (const entry of Array.isArray(value) ? value : value === undefined ? [] : [value]) search.append(name, entry);
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** What names the inbox's source (the folder or tag list, or the subscription), under its hook's key; none when it fails. */
async function sourceNameLoad(page: string, source: InboxSource | null | undefined): Promise<FirstLoad> {
  if (source?.kind === 'folder' || source?.kind === 'tag') {
    const list = await getAsSession<{ data: unknown[] }>(page, source.kind === 'folder' ? '/v1/folders' : '/v1/tags');
    return list ? { [source.kind === 'folder' ? foldersKey : tagsKey]: list.data } : {};
  }
  if (source?.kind === 'subscription') {
    const detail = await getAsSession<unknown>(page, `/v1/subscriptions/${encodeURIComponent(source.id)}`);
    return detail ? { [unstable_serialize(subscriptionKey(source.id))]: detail } : {};
  }
  return {};
}

/**
 * The inbox river's first page for the view its URL selects, and the name of the source it is
 * narrowed to, as SWR fallback (none of either when its load fails).
 */
export async function inboxFirstLoad(searchParams: SearchParams): Promise<FirstLoad> {
  const selection = readInboxSelection(paramsReader(searchParams));
  const filters = filtersFor(selection);
  const key = filtersKey(filters);
  const page = pageUrl('/inbox', searchParams);
  // Taken before asking, as the browser does: mark-all-read covers only what had arrived by then.
  const loadedAt = new Date().toISOString();
  const [list, names] = await Promise.all([
    getAsSession<ItemsList>(page, `/v1/items${queryString(itemsPageQuery(key, null))}`),
    sourceNameLoad(page, selection.source),
  ]);
  if (!list) return names;
  const first: ItemsPage = { ...list, filters: key, loadedAt };
  return { ...names, [itemsListKey(filters)]: [first] };
}

/** One item's detail, or null; one load per request however many parts of the page ask. */
export const loadItemDetail = cache((id: string): Promise<ItemDetail | null> =>
  getAsSession<ItemDetail>(`/items/${encodeURIComponent(id)}`, `/v1/items/${encodeURIComponent(id)}`));

/**
 * The reader's item as SWR fallback, with what its first screen shows beside it: the capabilities,
 * and locally the account (notes follow the plan) and the read-later links (a Send button each).
 * Loaded in the browser, they answered inside hydration's commit and rendered the reader again.
 * Each is left out when its load fails. One load per request: the page's metadata waits for it
 * too, so the page's HTML goes out in one piece rather than the shell first and the reader after.
 */
export const itemFirstLoad = cache(async (id: string): Promise<FirstLoad> => {
  const page = `/items/${encodeURIComponent(id)}`;
  const capabilities = appCapabilities();
  const [detail, account, readLater] = await Promise.all([
    loadItemDetail(id),
    capabilities.first_party ? getAsSession<Account>(page, '/v1/account') : null,
    capabilities.first_party ? getAsSession<{ data: ReadLaterLink[] }>(page, '/v1/read-later') : null,
  ]);
  return {
    [capabilitiesKey]: capabilities,
    ...(detail ? { [itemDetailKey(id)]: detail } : {}),
    ...(account ? { [accountKey]: account } : {}),
    ...(readLater ? { [readLaterKey]: readLater.data } : {}),
  };
});
