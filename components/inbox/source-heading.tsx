import Link from '@/components/shell/intent-link';
import { inboxHref, type InboxSelection } from '@/lib/client/inbox-view';
import { sourceKindLabels } from '@/lib/client/use-source-name';

/**
 * Names the folder, subscription or tag the inbox is narrowed to, with the way back to every
 * source; nothing when the inbox shows every source. The kind stands in while the name loads.
 */
export function SourceHeading({ selection, name }: { selection: InboxSelection; name: string | null }) {
  if (!selection.source) return null;
  const kind = sourceKindLabels[selection.source.kind];
  return (
    <div className="mt-1 flex flex-wrap items-baseline gap-x-3">
      <h2 className="min-w-0 text-xl font-semibold">
        <span className="text-base font-normal text-muted">{kind}: </span>
        {name ?? ''}
      </h2>
      <Link href={inboxHref({ ...selection, source: null })} className="inline-flex min-h-11 items-center text-sm">
        Show every source
      </Link>
    </div>
  );
}
