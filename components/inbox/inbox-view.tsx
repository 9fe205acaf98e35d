'use client';

import Link from '@/components/shell/intent-link';
import { useSearchParams } from 'next/navigation';
import { useMemo } from 'react';
import { inboxHref, inboxViews, itemKinds, readInboxSelection, type InboxSelection } from '@/lib/client/inbox-view';
import { useSourceName } from '@/lib/client/use-source-name';
import { DateRange } from './date-range';
import { InboxRiver } from './inbox-river';
import { SourceHeading } from './source-heading';

const tabClass = 'inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium no-underline';

function Choice({ href, current, label }: { href: string; current: boolean; label: string }) {
  return (
    <li>
      <Link
        href={href}
        aria-current={current ? 'page' : undefined}
        className={`${tabClass} ${current ? 'bg-accent text-on-accent' : 'text-ink hover:bg-surface'}`}
      >
        {label}
      </Link>
    </li>
  );
}

/** The views of the inbox (unread, all, saved; articles, episodes; dates), kept in the URL so they can be shared and reloaded. */
function ViewSwitcher({ selection }: { selection: InboxSelection }) {
  return (
    <div className="mt-3 flex flex-wrap gap-x-4 gap-y-2">
      <nav aria-label="Views">
        <ul className="flex gap-1 rounded-lg border border-line p-1">
          {inboxViews.map(({ view, label }) => (
            <Choice key={view} href={inboxHref({ ...selection, view })} current={selection.view === view} label={label} />
          ))}
        </ul>
      </nav>
      {/* Dates before the item types: on a phone the Dates button fits beside the views, saving a row above the list. */}
      <DateRange key={`${selection.from}/${selection.to}`} selection={selection} />
      <nav aria-label="Item types">
        <ul className="flex gap-1 rounded-lg border border-line p-1">
          {itemKinds.map(({ type, label }) => (
            <Choice key={label} href={inboxHref({ ...selection, type })} current={selection.type === type} label={label} />
          ))}
        </ul>
      </nav>
    </div>
  );
}

/**
 * The inbox's client island: the chosen view, source and dates from the URL, the source's name,
 * and its river (a fresh river, and selection, per URL).
 */
export function InboxView() {
  const params = useSearchParams();
  const href = inboxHref(readInboxSelection(params));
  // One selection object per URL, so the river's filters stay put between renders.
  const selection = useMemo(() => readInboxSelection(new URLSearchParams(href.split('?')[1] ?? '')), [href]);
  const sourceName = useSourceName(selection.source);
  return (
    <>
      <SourceHeading selection={selection} name={sourceName} />
      <ViewSwitcher selection={selection} />
      <InboxRiver key={href} selection={selection} sourceName={sourceName} />
    </>
  );
}
