import type { SourceType } from '@/lib/contract/common';

/** The result tabs of the search page, in the order shown. */
export const searchTabs = [
  { tab: 'items', label: 'Items' },
  { tab: 'best', label: 'Best matches' },
  { tab: 'feeds', label: 'Feeds' },
  { tab: 'folders', label: 'Folders' },
  { tab: 'tags', label: 'Tags' },
  { tab: 'saved', label: 'Saved searches' },
] as const;

export type SearchTab = (typeof searchTabs)[number]['tab'];

/**
 * What the search URL selects: `/search?q=…&tab=items`, with the items tab's options
 * (`body=0` searches titles only, `global=1` adds the global corpus) and the feeds tab's type.
 */
export type SearchSelection = {
  q: string;
  tab: SearchTab;
  includeBody: boolean;
  includeGlobal: boolean;
  sourceType: SourceType | null;
};

/** The longest search text the service takes. */
export const maxSearchLength = 128;

/** Reads the search from the query string; anything unknown falls back to the default. */
export function readSearchSelection(params: { get(name: string): string | null }): SearchSelection {
  const tab = params.get('tab');
  const type = params.get('type');
  return {
    q: (params.get('q') ?? '').trim().slice(0, maxSearchLength),
    tab: searchTabs.some((entry) => entry.tab === tab) ? (tab as SearchTab) : 'items',
    includeBody: params.get('body') !== '0',
    includeGlobal: params.get('global') === '1',
    sourceType: type === 'feed' || type === 'newsletter' || type === 'podcast' ? type : null,
  };
}

/** The search URL of a selection; defaults are left out so URLs stay short. */
export function searchHref(selection: SearchSelection): string {
  const params = new URLSearchParams();
  if (selection.q) params.set('q', selection.q);
  if (selection.tab !== 'items') params.set('tab', selection.tab);
  if (!selection.includeBody) params.set('body', '0');
  if (selection.includeGlobal) params.set('global', '1');
  if (selection.sourceType) params.set('type', selection.sourceType);
  const text = params.toString();
  return text ? `/search?${text}` : '/search';
}

/** Where a saved search leads: its text on the items tab when it has one, else the inbox. */
export function savedSearchHref(queryData: Record<string, unknown>): string {
  const { q, include_body: body, include_global: global } = queryData;
  if (typeof q !== 'string' || !q) return '/inbox';
  return searchHref({
    q, tab: 'items', sourceType: null,
    includeBody: body !== 'false' && body !== false,
    includeGlobal: global === 'true' || global === true,
  });
}
