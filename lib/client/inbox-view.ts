import type { QueryOf } from '@/lib/contract/types';

/** The three rivers of the inbox. */
export type InboxView = 'unread' | 'all' | 'saved';
/** Which kind of item a view shows; null is both. */
export type ItemKind = 'article' | 'episode';
/** What the inbox URL selects: `/inbox?view=saved&type=article`. */
export type InboxSelection = { view: InboxView; type: ItemKind | null };

/** The list filters of GET /v1/items that the inbox (and later its sidebar) sets. */
export type ItemFilters = Pick<QueryOf<'listItems'>, 'is_read' | 'is_saved' | 'item_type' | 'subscription_ids' | 'folder_ids' | 'tag_ids'>;

export const inboxViews: { view: InboxView; label: string }[] = [
  { view: 'unread', label: 'Unread' },
  { view: 'all', label: 'All' },
  { view: 'saved', label: 'Saved' },
];

export const itemKinds: { type: ItemKind | null; label: string }[] = [
  { type: null, label: 'Everything' },
  { type: 'article', label: 'Articles' },
  { type: 'episode', label: 'Episodes' },
];

/** Reads the view and type from the inbox's query string; anything unknown falls back to the default. */
export function readInboxSelection(params: { get(name: string): string | null }): InboxSelection {
  const view = params.get('view');
  const type = params.get('type');
  return {
    view: view === 'all' || view === 'saved' ? view : 'unread',
    type: type === 'article' || type === 'episode' ? type : null,
  };
}

/** The inbox URL of a selection; the default view (unread, every type) is plain `/inbox`. */
export function inboxHref(selection: InboxSelection): string {
  const params = new URLSearchParams();
  if (selection.view !== 'unread') params.set('view', selection.view);
  if (selection.type) params.set('type', selection.type);
  const text = params.toString();
  return text ? `/inbox?${text}` : '/inbox';
}

/** The GET /v1/items filters a selection stands for. */
export function filtersFor(selection: InboxSelection): ItemFilters {
  const filters: ItemFilters = {};
  if (selection.view === 'unread') filters.is_read = 'unread';
  if (selection.view === 'saved') filters.is_saved = 'true';
  if (selection.type) filters.item_type = selection.type;
  return filters;
}

/** How a selection is named in sentences: "unread articles", "saved items". */
export function describeSelection(selection: InboxSelection): string {
  const noun = selection.type === 'article' ? 'articles' : selection.type === 'episode' ? 'episodes' : 'items';
  return selection.view === 'all' ? noun : `${selection.view} ${noun}`;
}
