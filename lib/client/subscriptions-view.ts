import type { SourceType } from '@/lib/contract/common';
import type { Subscription, SubscriptionFilters } from './subscription-cache';

/**
 * What the subscriptions URL selects: `/subscriptions?folder=<id>&sort=recent&type=podcast`.
 * `folder` is `all` (the default), `none` (no folder) or a folder's id.
 */
export type SubscriptionsSelection = {
  folder: 'all' | 'none' | string;
  sort: 'name' | 'recent';
  type: SourceType | null;
};

export const sourceTypes: { type: SourceType; label: string; plural: string }[] = [
  { type: 'feed', label: 'Feed', plural: 'Feeds' },
  { type: 'newsletter', label: 'Newsletter', plural: 'Newsletters' },
  { type: 'podcast', label: 'Podcast', plural: 'Podcasts' },
];

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the list's selection from the query string; anything unknown falls back to the default. */
export function readSubscriptionsSelection(params: { get(name: string): string | null }): SubscriptionsSelection {
  const folder = params.get('folder');
  const type = params.get('type');
  return {
    folder: folder === 'none' || (folder && uuidPattern.test(folder)) ? folder : 'all',
    sort: params.get('sort') === 'recent' ? 'recent' : 'name',
    type: type === 'feed' || type === 'newsletter' || type === 'podcast' ? type : null,
  };
}

/** Where a link whose purpose is adding leads: the subscriptions page with its add panel open (`?add=1`). */
export const addSubscriptionHref = '/subscriptions?add=1';

/** Whether the page was opened to add a subscription: `?add=1`, or a shared address in `?subscribe=`. */
export function readAddRequested(params: { get(name: string): string | null }): boolean {
  return params.get('add') === '1' || Boolean(params.get('subscribe'));
}

/** The longest name filter kept: longer than any title worth typing, short enough for a URL. */
export const maxNameFilterLength = 128;

/**
 * Reads the name filter (`?q=`): it narrows the loaded list in the browser, as GET
 * /v1/subscriptions takes no text to match, so it is kept apart from the selection that
 * chooses what is fetched.
 */
export function readSubscriptionsNameFilter(params: { get(name: string): string | null }): string {
  return (params.get('q') ?? '').slice(0, maxNameFilterLength);
}

/** The subscriptions URL of a selection and name filter; defaults are left out. */
export function subscriptionsHref(selection: SubscriptionsSelection, nameFilter = ''): string {
  const params = new URLSearchParams();
  if (selection.folder !== 'all') params.set('folder', selection.folder);
  if (selection.sort !== 'name') params.set('sort', selection.sort);
  if (selection.type) params.set('type', selection.type);
  if (nameFilter.trim()) params.set('q', nameFilter);
  const text = params.toString();
  return text ? `/subscriptions?${text}` : '/subscriptions';
}

/** The GET /v1/subscriptions filters a selection stands for. */
export function subscriptionFiltersFor(selection: SubscriptionsSelection): SubscriptionFilters {
  const filters: SubscriptionFilters = { order_by: selection.sort };
  if (selection.folder === 'all') filters.all = 'true';
  else if (selection.folder !== 'none') filters.folder_id = selection.folder;
  if (selection.type) filters.source_type = selection.type;
  return filters;
}

/** Text folded for matching: case and accents ignored, so "cafe" finds "Café". */
function folded(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** Whether a subscription's title or website contains the typed text (case and accents ignored). */
export function matchesNameFilter(subscription: Subscription, nameFilter: string): boolean {
  const wanted = folded(nameFilter.trim());
  if (!wanted) return true;
  return folded(subscription.title).includes(wanted) || folded(subscription.website ?? '').includes(wanted);
}
