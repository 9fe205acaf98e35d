'use client';

import Link from '@/components/shell/intent-link';
import { usePathname, useSearchParams } from 'next/navigation';
import { useId, useMemo, useState } from 'react';
import { inboxHref, inboxViews, itemKinds, readInboxSelection, type InboxSelection } from '@/lib/client/inbox-view';
import { keptInboxHref, usePanesWide } from '@/lib/client/reader-pane';
import { useSourceName } from '@/lib/client/use-source-name';
import { OptionsButton } from '@/components/options-button';
import { DateRange } from './date-range';
import { InboxRiver } from './inbox-river';
import { MarkReadModePicker } from './mark-read-mode';
import { SourceHeading } from './source-heading';

const tabClass = 'inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium no-underline';

type ChoiceLink = { key: string; href: string; current: boolean; label: string };

/** A row of links to choose one of, the chosen one marked as the current page. */
function ChoiceNav({ label, choices }: { label: string; choices: ChoiceLink[] }) {
  return (
    <nav aria-label={label}>
      <ul className="flex gap-1 rounded-lg border border-line p-1">
        {choices.map((choice) => (
          <li key={choice.key}>
            <Link
              href={choice.href}
              aria-current={choice.current ? 'page' : undefined}
              className={`${tabClass} ${choice.current ? 'bg-accent text-on-accent' : 'text-ink hover:bg-surface'}`}
            >
              {choice.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The views of the inbox (unread, all, saved; articles, episodes; dates), kept in the URL so they
 * can be shared and reloaded, and when items become read. On a phone only the views stay out,
 * beside an Options button that unfolds the rest (it counts the filters in use while folded), so
 * the views and the river's toolbar take two rows above the list, not four; from sm up dates and
 * item types sit beside the views (when items become read ends the toolbar) and the button is not there,
 * until the three panes (wide), whose list column is as narrow as a phone and folds them again.
 */
function ViewSwitcher({ selection }: { selection: InboxSelection }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const inUse = (selection.type ? 1 : 0) + (selection.from || selection.to ? 1 : 0);
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
      <ChoiceNav
        label="Views"
        choices={inboxViews.map(({ view, label }) => ({ key: view, href: inboxHref({ ...selection, view }), current: selection.view === view, label }))}
      />
      <OptionsButton open={open} onToggle={() => setOpen(!open)} controls={panelId} inUse={inUse} className="ml-auto wide:inline-flex" />
      {/* Folded on a phone, and in the list's column of the three panes (as narrow as a phone); from sm up
          to there its contents sit in the row above as if unwrapped. */}
      <div id={panelId} className={`w-full flex-wrap items-center gap-x-4 gap-y-2 sm:contents ${open ? 'flex wide:flex' : 'max-sm:hidden wide:hidden'}`}>
        <DateRange key={`${selection.from}/${selection.to}`} selection={selection} />
        <ChoiceNav
          label="Item types"
          choices={itemKinds.map(({ type, label }) => ({ key: label, href: inboxHref({ ...selection, type }), current: selection.type === type, label }))}
        />
        {/* From sm up it sits at the end of the river's toolbar, where this row has no room for it. */}
        <MarkReadModePicker className="sm:hidden wide:inline-flex" />
      </div>
    </div>
  );
}

/**
 * The inbox's client island: the chosen view, source and dates from the URL, the source's name,
 * and its river (a fresh river, and selection, per URL).
 */
export function InboxView() {
  const params = useSearchParams();
  // With an item open beside the list the address is the item's (lib/client/reader-pane.ts): the list stays as it was.
  // Mounted at an item's own address (a reload of it), the list is the one the item was opened from.
  const onList = !usePathname()?.startsWith('/items/');
  const [listHref, setListHref] = useState(() => (onList ? inboxHref(readInboxSelection(params)) : keptInboxHref()));
  // Narrower than the panes an item's address hides the list (its reader is the page): the reader's keys are the page's.
  const keysOn = usePanesWide() || onList;
  const shownHref = inboxHref(readInboxSelection(params));
  if (onList && shownHref !== listHref) setListHref(shownHref);
  const href = onList ? shownHref : listHref;
  // One selection object per URL, so the river's filters stay put between renders.
  const selection = useMemo(() => readInboxSelection(new URLSearchParams(href.split('?')[1] ?? '')), [href]);
  const sourceName = useSourceName(selection.source);
  return (
    <>
      <SourceHeading selection={selection} name={sourceName} />
      <ViewSwitcher selection={selection} />
      <InboxRiver key={href} selection={selection} sourceName={sourceName} keys={keysOn} />
    </>
  );
}
