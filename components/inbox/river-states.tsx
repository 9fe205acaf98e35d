import Link from 'next/link';
import { describeSelection, inboxHref, type InboxSelection } from '@/lib/client/inbox-view';

/** Grey rows where items will be, while the first page loads; announced once to screen readers. */
export function RiverSkeleton() {
  return (
    <div role="status" className="mt-4">
      <span className="sr-only">Loading items…</span>
      <ul aria-hidden className="animate-pulse">
        {[0, 1, 2, 3, 4, 5].map((row) => (
          <li key={row} className="flex gap-3 border-b border-line py-4 pl-3">
            <div className="mt-1 size-5 shrink-0 rounded bg-line" />
            <div className="flex-1 space-y-2">
              <div className="h-4 w-3/4 rounded bg-line" />
              <div className="h-3 w-1/3 rounded bg-line" />
              <div className="h-3 w-full rounded bg-line" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

const linkClass = 'mt-4 inline-flex min-h-11 items-center rounded-md border border-line-strong px-4 font-medium no-underline';

/** What an empty view means and where to go from it: each view says it its own way. */
export function RiverEmpty({ selection }: { selection: InboxSelection }) {
  const what = describeSelection(selection);
  const content = {
    unread: {
      title: 'All caught up',
      text: `There are no ${what}. New ones appear here as your subscriptions update.`,
      link: { href: inboxHref({ ...selection, view: 'all' }), label: 'See everything' },
    },
    all: {
      title: `No ${what} yet`,
      text: 'Subscribe to a feed, newsletter or podcast and its items arrive here.',
      link: { href: '/subscriptions', label: 'Add a subscription' },
    },
    saved: {
      title: `No ${what}`,
      text: 'Save an item with its Save button (or press s) to keep it here until you unsave it.',
      link: { href: inboxHref({ ...selection, view: 'unread' }), label: 'Back to unread' },
    },
  }[selection.view];
  return (
    <div className="mt-8 rounded-lg border border-dashed border-line-strong px-4 py-10 text-center">
      <h2 className="text-xl font-semibold">{content.title}</h2>
      <p className="mx-auto mt-2 max-w-md text-muted">{content.text}</p>
      <Link href={content.link.href} className={linkClass}>{content.link.label}</Link>
    </div>
  );
}
