import type { QueryOf } from '@/lib/contract/types';
import { shortDate } from './relative-date';

/** The three rivers of the inbox. */
export type InboxView = 'unread' | 'all' | 'saved';
/** Which kind of item a view shows; null is both. */
export type ItemKind = 'article' | 'episode';
/** What a sidebar entry filters the inbox by, as its URL parameter names it. */
export type SourceKind = 'folder' | 'subscription' | 'tag';
/** One folder, subscription or tag the inbox is narrowed to. */
export type InboxSource = { kind: SourceKind; id: string };
/**
 * What the inbox URL selects: `/inbox?view=saved&type=article&folder=<id>&from=2025-05-01&to=2025-05-31`.
 * `source`, `from` and `to` are absent (or null) when the inbox is not narrowed by them; dates are
 * calendar days (YYYY-MM-DD) as GET /v1/items takes them.
 */
export type InboxSelection = {
  view: InboxView;
  type: ItemKind | null;
  source?: InboxSource | null;
  from?: string | null;
  to?: string | null;
};

/** The list filters of GET /v1/items that the inbox and its sidebar set. */
export type ItemFilters = Pick<
  QueryOf<'listItems'>,
  'is_read' | 'is_saved' | 'item_type' | 'subscription_ids' | 'folder_ids' | 'tag_ids' | 'from_date' | 'to_date'
>;

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

export const sourceKinds: SourceKind[] = ['folder', 'subscription', 'tag'];

type Params = { get(name: string): string | null };

/** The source the inbox URL filters by (the first of folder, subscription, tag), or null for every item. */
export function readInboxSource(params: Params): InboxSource | null {
  for (const kind of sourceKinds) {
    const id = params.get(kind);
    if (id) return { kind, id };
  }
  return null;
}

/** A calendar day as YYYY-MM-DD when the text is one (2025-02-30 is not), else null. */
export function calendarDay(text: string | null | undefined): string | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text ? text : null;
}

/** Reads the view, type, source and dates from the inbox's query string; anything unknown falls back to the default. */
export function readInboxSelection(params: Params): InboxSelection {
  const view = params.get('view');
  const type = params.get('type');
  return {
    view: view === 'all' || view === 'saved' ? view : 'unread',
    type: type === 'article' || type === 'episode' ? type : null,
    source: readInboxSource(params),
    from: calendarDay(params.get('from')),
    to: calendarDay(params.get('to')),
  };
}

/** The inbox URL of a selection; the default view (unread, every type, every source, any date) is plain `/inbox`. */
export function inboxHref(selection: InboxSelection): string {
  const params = new URLSearchParams();
  if (selection.view !== 'unread') params.set('view', selection.view);
  if (selection.type) params.set('type', selection.type);
  if (selection.source) params.set(selection.source.kind, selection.source.id);
  if (selection.from) params.set('from', selection.from);
  if (selection.to) params.set('to', selection.to);
  const text = params.toString();
  return text ? `/inbox?${text}` : '/inbox';
}

/** The GET /v1/items filters a selection stands for. */
export function filtersFor(selection: InboxSelection): ItemFilters {
  const filters: ItemFilters = {};
  if (selection.view === 'unread') filters.is_read = 'unread';
  if (selection.view === 'saved') filters.is_saved = 'true';
  if (selection.type) filters.item_type = selection.type;
  const source = selection.source;
  if (source?.kind === 'folder') filters.folder_ids = [source.id];
  if (source?.kind === 'subscription') filters.subscription_ids = [source.id];
  if (source?.kind === 'tag') filters.tag_ids = [source.id];
  if (selection.from) filters.from_date = selection.from;
  if (selection.to) filters.to_date = selection.to;
  return filters;
}

/** How a selection is named in sentences: "unread articles", "saved items". */
export function describeSelection(selection: InboxSelection): string {
  const noun = selection.type === 'article' ? 'articles' : selection.type === 'episode' ? 'episodes' : 'items';
  return selection.view === 'all' ? noun : `${selection.view} ${noun}`;
}

/**
 * A date range in words: "from May 1, 2025 to May 31, 2025", "since …", "up to …"; empty
 * without one. The server renders it too, so it is worded alike whatever the browser's language.
 */
export function describeDates(selection: Pick<InboxSelection, 'from' | 'to'>): string {
  const { from, to } = selection;
  if (from && to) return `from ${shortDate(from)} to ${shortDate(to)}`;
  if (from) return `since ${shortDate(from)}`;
  if (to) return `up to ${shortDate(to)}`;
  return '';
}
