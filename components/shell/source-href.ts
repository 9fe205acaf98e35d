/** What a sidebar entry filters the inbox by, as its URL parameter names it. */
export type SourceKind = 'folder' | 'subscription' | 'tag';

const sourceKinds: SourceKind[] = ['folder', 'subscription', 'tag'];
/** Parameters of the inbox URL that say how to show a source (kept when switching sources). */
const kept = ['view', 'type'];

type Params = { get(name: string): string | null };

/**
 * The inbox URL of a source (`/inbox?folder=<id>`), keeping the view and type the person
 * chose (unread, saved; articles, episodes); without a source it is every item.
 */
export function sourceHref(params: Params, source?: { kind: SourceKind; id: string }): string {
  const next = new URLSearchParams();
  for (const name of kept) {
    const value = params.get(name);
    if (value) next.set(name, value);
  }
  if (source) next.set(source.kind, source.id);
  const text = next.toString();
  return text ? `/inbox?${text}` : '/inbox';
}

/** The source the inbox URL filters by, or null when it shows every item. */
export function currentSource(params: Params): { kind: SourceKind; id: string } | null {
  for (const kind of sourceKinds) {
    const id = params.get(kind);
    if (id) return { kind, id };
  }
  return null;
}
