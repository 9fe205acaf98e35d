import Link from '@/components/shell/intent-link';
import { describeDates, describeSelection, inboxHref, type InboxSelection } from '@/lib/client/inbox-view';
import { addSubscriptionHref } from '@/lib/client/subscriptions-view';

// A label naming a long source wraps inside the button instead of widening the page.
const linkClass = 'mt-4 inline-flex min-h-11 max-w-full items-center rounded-md border border-line-strong px-4 font-medium no-underline wrap-anywhere';

type Content = { title: string; text: string; link: { href: string; label: string } };

function emptyContent(selection: InboxSelection, sourceName: string | null): Content {
  const what = describeSelection(selection);
  const dates = describeDates(selection);
  if (dates) {
    return {
      title: 'Nothing in these dates',
      text: `There are no ${what}${sourceName ? ` in ${sourceName}` : ''} ${dates}.`,
      link: { href: inboxHref({ ...selection, from: null, to: null }), label: 'Clear dates' },
    };
  }
  if (selection.source) {
    const name = sourceName ?? `this ${selection.source.kind}`;
    return {
      unread: {
        title: 'All caught up',
        text: `There are no ${what} in ${name}.`,
        link: { href: inboxHref({ ...selection, view: 'all' }), label: `See everything in ${name}` },
      },
      all: {
        title: `No ${what} in ${name} yet`,
        text: 'Its items arrive here as its subscriptions update.',
        link: { href: inboxHref({ ...selection, source: null }), label: 'Show every source' },
      },
      saved: {
        title: `No ${what} in ${name}`,
        text: 'Save an item with its Save button (or press s) to keep it here until you unsave it.',
        link: { href: inboxHref({ ...selection, view: 'unread' }), label: 'Back to unread' },
      },
    }[selection.view];
  }
  return {
    unread: {
      title: 'All caught up',
      text: `There are no ${what}. New ones appear here as your subscriptions update.`,
      link: { href: inboxHref({ ...selection, view: 'all' }), label: 'See everything' },
    },
    all: {
      title: `No ${what} yet`,
      text: 'Subscribe to a feed, newsletter or podcast and its items arrive here.',
      link: { href: addSubscriptionHref, label: 'Add a subscription' },
    },
    saved: {
      title: `No ${what}`,
      text: 'Save an item with its Save button (or press s) to keep it here until you unsave it.',
      link: { href: inboxHref({ ...selection, view: 'unread' }), label: 'Back to unread' },
    },
  }[selection.view];
}

/** What an empty view means and where to go from it: each view, source and date range says it its own way. */
export function RiverEmpty({ selection, sourceName = null }: { selection: InboxSelection; sourceName?: string | null }) {
  const content = emptyContent(selection, sourceName);
  return (
    <div className="mt-8 rounded-lg border border-dashed border-line-strong px-4 py-10 text-center">
      <h2 className="text-xl font-semibold">{content.title}</h2>
      <p className="mx-auto mt-2 max-w-md text-muted">{content.text}</p>
      <Link href={content.link.href} className={linkClass}>{content.link.label}</Link>
    </div>
  );
}

/** The inbox narrowed to a folder, subscription or tag the service does not know (404): gone, or an old link. */
export function RiverSourceMissing({ selection }: { selection: InboxSelection }) {
  const kind = selection.source?.kind ?? 'source';
  return (
    <div role="alert" className="mt-8 rounded-lg border border-line-strong bg-surface px-4 py-10 text-center">
      <h2 className="text-xl font-semibold">{`${kind[0]!.toUpperCase()}${kind.slice(1)} not found`}</h2>
      <p className="mx-auto mt-2 max-w-md text-muted">{`This ${kind} does not exist any more, or the link to it is out of date.`}</p>
      <Link href={inboxHref({ ...selection, source: null })} className={linkClass}>Show every source</Link>
    </div>
  );
}
