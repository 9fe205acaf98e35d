import Link from '@/components/shell/intent-link';

type Entry = { id: string; title: string };
type Props = { inList: boolean; previous: Entry | null; next: Entry | null; backHref: string; onNavigate: (id: string) => void };

const linkClass = 'flex min-h-11 flex-col justify-center rounded-md border border-line px-3 py-2 no-underline hover:bg-surface';

/**
 * Previous and next item of the list the person came from, so reading goes on without the list.
 * An item opened from elsewhere (a shared link, a similar item) is in no list: no pager.
 */
export function ItemPager({ inList, previous, next, backHref, onNavigate }: Props) {
  if (!inList) return null;
  return (
    <nav aria-label="Previous and next item" className="mt-10 grid grid-cols-1 gap-3 border-t border-line pt-6 sm:grid-cols-2">
      {previous ? (
        <Link href={`/items/${previous.id}`} rel="prev" onClick={() => onNavigate(previous.id)} className={linkClass}>
          <span className="text-sm text-muted">Previous</span>
          <span className="line-clamp-2 font-medium text-ink">{previous.title}</span>
        </Link>
      ) : <span className="hidden sm:block" />}
      {next ? (
        <Link href={`/items/${next.id}`} rel="next" onClick={() => onNavigate(next.id)} className={`${linkClass} sm:text-right`}>
          <span className="text-sm text-muted">Next</span>
          <span className="line-clamp-2 font-medium text-ink">{next.title}</span>
        </Link>
      ) : (
        <Link href={backHref} className={`${linkClass} sm:text-right`}>
          <span className="text-sm text-muted">End of the list</span>
          <span className="font-medium text-ink">Back to the list</span>
        </Link>
      )}
    </nav>
  );
}
