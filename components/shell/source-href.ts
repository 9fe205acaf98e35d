import { inboxHref, readInboxSelection, readInboxSource, type InboxSource, type SourceKind } from '@/lib/client/inbox-view';

export type { SourceKind };

type Params = { get(name: string): string | null };

/**
 * The inbox URL of a source (`/inbox?folder=<id>`), keeping how the person chose to show
 * it (unread, saved; articles, episodes; a date range); without a source it is every item.
 */
export function sourceHref(params: Params, source?: InboxSource): string {
  return inboxHref({ ...readInboxSelection(params), source: source ?? null });
}

/** The source the inbox URL filters by, or null when it shows every item. */
export function currentSource(params: Params): InboxSource | null {
  return readInboxSource(params);
}
