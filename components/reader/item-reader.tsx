'use client';

import Link from '@/components/shell/intent-link';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ErrorNotice } from '@/components/error-notice';
import { SessionEndedNotice } from '@/components/session/sign-in-again';
import { KeyboardShortcuts } from '@/components/keyboard-shortcuts';
import { EpisodeActions } from '@/components/player/episode-actions';
import { ApiError } from '@/lib/client/api-client';
import { errorSentence } from '@/lib/client/error-message';
import { useReadFailure } from '@/lib/client/kept-on-failure';
import { rememberShownItem, useListNeighbours } from '@/lib/client/list-context';
import { reachedInsideApp } from '@/lib/client/page-arrival';
import { marksReadByReading, readMarkReadMode } from '@/lib/client/reading-preferences';
import { panesShown } from '@/lib/client/reader-pane';
import { restoreLeftScroll } from '@/lib/client/resume-reading';
import { useSwipe } from '@/lib/client/use-swipe';
import { useItem } from '@/lib/client/use-item';
import { useListedCopy } from '@/lib/client/listed-copy';
import { useItemActions } from '@/lib/client/use-item-actions';
import { outcomeSentence } from '@/lib/client/outbox/outcome-sentence';
import { FullContentButton, FullContentNotice, useFullContentToggle } from './full-content';
import { ItemNotes } from './item-notes';
import { ItemPager } from './item-pager';
import { ItemBody } from './item-body';
import { ListedCopy } from './listed-copy';
import { actionButtonClass } from './reader-actions';
import { ReaderBottomBar } from './reader-bottom-bar';
import { ReaderHeader } from './reader-header';
import { ReadLaterSend } from './read-later-send';
import { SimilarSection } from './similar-section';
import { TagsEditor } from './tags-editor';

// The item the person moves to from the reader: its heading takes focus on arrival (the old
// page's focused control is gone; screen readers then start at the title). Keyed by id so a
// late re-render of the item being left cannot take the focus meant for the next one. Arriving
// from another page of the app (the inbox, search, stories) does the same when focus was lost.
let focusTitleOf: string | null = null;

function ReaderSkeleton() {
  return (
    <div role="status" className="mx-auto max-w-[68ch] animate-pulse">
      <span className="sr-only">Loading the item…</span>
      <div aria-hidden className="space-y-3">
        <div className="h-3 w-1/3 rounded bg-line" />
        <div className="h-8 w-5/6 rounded bg-line" />
        <div className="h-3 w-1/2 rounded bg-line" />
        {[0, 1, 2, 3, 4, 5].map((line) => <div key={line} className="h-4 w-full rounded bg-line" />)}
      </div>
    </div>
  );
}

/** A failure that says nothing about the item itself: no connection, a slow or failing link, a service in trouble. */
function connectionTrouble(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/**
 * The reader: one item with its content, state, tags and notes, and the way to the next one.
 * When the item cannot be fetched for want of a connection and was never kept, it shows the
 * item as a list had it, which still reads, marks and steps on offline. `inPane`: beside the
 * inbox's list (components/inbox/reader-pane.tsx), whose keys then move and act, and whose
 * page keeps its own scroll place.
 */
export function ItemReader({ id, inPane = false }: { id: string; inPane?: boolean }) {
  const { data: item, error, isLoading, mutate } = useItem(id);
  const listed = useListedCopy(id, !item && connectionTrouble(error));
  // A failed refresh of an item on screen (a slow or dropped link, an ended session) leaves it there; one that is gone or barred does not.
  const failure = useReadFailure(Boolean(item), error, { goneReplaces: true });
  // What the actions work on: the detail, or the list's copy standing in for it.
  const shown = item ?? listed;
  const actions = useItemActions();
  const router = useRouter();
  const [status, setStatus] = useState('');
  const around = useListNeighbours(id);
  const title = useRef<HTMLHeadingElement>(null);
  const openedOnce = useRef(false);
  const arrived = useRef(false);

  const report = useCallback((message: string, failure?: unknown) => setStatus(failure ? errorSentence(failure) : message), []);
  const fullContent = useFullContentToggle(item, report);

  // Opening an article marks it read unless marking is by hand ('on-scroll' marks the rows passed
  // by and the item opened), once: marking unread afterwards sticks. Episodes are read once heard. The setting is read here, not through
  // useMarkReadMode: during hydration that still answers the server's default, 'on-open'.
  // In a task of its own, with the item as it is then: the change renders the whole reader again,
  // which in the task of the page's first effects made it a long one.
  // Not cancelled when the reader is left at once: the item was opened.
  const latestShown = useRef(shown);
  useEffect(() => {
    latestShown.current = shown;
  });
  useEffect(() => {
    if (!shown || openedOnce.current) return;
    openedOnce.current = true;
    setTimeout(() => {
      const now = latestShown.current;
      if (now?.id !== shown.id || now.is_read || readMarkReadMode() === 'manual' || !marksReadByReading(now)) return;
      actions.setRead(now.id, true).catch((failure) => report('', failure));
    }, 0);
  }, [shown, actions, report]);

  const shownId = shown?.id;
  const shownTitle = shown?.title;
  useEffect(() => {
    if (!shownId) return;
    document.title = `${shownTitle || 'Untitled'} · Tidings`;
    rememberShownItem(shownId);
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (focusTitleOf === shownId || (!arrived.current && focusLost && reachedInsideApp())) {
      focusTitleOf = null;
      title.current?.focus({ preventScroll: true });
    }
    arrived.current = true;
  }, [shownId, shownTitle]);

  // Reopening the installed app on this item: back to where the person had read to.
  useEffect(() => {
    // Not when the reader is in the pane, which a wide screen shows once hydrated (the server rendered the page).
    if (item && !inPane && !panesShown()) restoreLeftScroll(`/items/${item.id}`);
  }, [item, inPane]);

  const toggleRead = useCallback(() => {
    if (!shown) return;
    actions.setRead(shown.id, !shown.is_read).then((outcome) => report(outcomeSentence(outcome, shown.is_read ? 'Marked unread.' : 'Marked read.')), (failure) => report('', failure));
  }, [shown, actions, report]);
  const toggleSaved = useCallback(() => {
    if (!shown) return;
    actions.setSaved(shown.id, !shown.is_saved).then((outcome) => report(outcomeSentence(outcome, shown.is_saved ? 'Unsaved.' : 'Saved.')), (failure) => report('', failure));
  }, [shown, actions, report]);
  const go = (target: { id: string } | null) => {
    if (!target) return;
    focusTitleOf = target.id;
    router.push(`/items/${target.id}`);
  };

  const shortcuts = {
    next: () => go(around.next),
    previous: () => go(around.previous),
    toggleRead,
    toggleSaved,
    openOriginal: () => {
      if (shown?.canonical_url) window.open(shown.canonical_url, '_blank', 'noopener,noreferrer');
    },
  };

  // On touch screens a sideways swipe turns the page like the pager does: left is next.
  const swipe = useSwipe((direction) => go(direction === 'left' ? around.next : around.previous));
  // In the pane the list's keys are the page's: the reader adds none of its own.
  const keys = inPane ? null : <KeyboardShortcuts handlers={shortcuts} />;
  const bar = (shownItem: typeof shown) => !inPane && shownItem && (
    <ReaderBottomBar item={shownItem} onToggleRead={toggleRead} onToggleSaved={toggleSaved} onNext={around.next ? () => go(around.next) : null} onResult={report} />
  );

  if (isLoading) return <><ReaderSkeleton />{keys}</>;
  const back = { href: around.backHref, label: around.backLabel };
  const pager = <ItemPager inList={around.inList} previous={around.previous} next={around.next} backHref={around.backHref} onNavigate={(target) => { focusTitleOf = target; }} />;
  if (!item && listed) {
    return (
      <article aria-labelledby="item-title" {...swipe} className="mx-auto max-w-[68ch]">
        <ReaderHeader item={listed} titleRef={title} back={back} onToggleRead={toggleRead} onToggleSaved={toggleSaved} status={status} />
        <ListedCopy item={listed} error={error} onRetry={() => void mutate()} />
        {pager}
        {bar(listed)}
        {keys}
      </article>
    );
  }
  if (!item || failure.instead) {
    return (
      <div className="mx-auto max-w-[68ch]">
        <h1 className="sr-only">Item</h1>
        <ErrorNotice error={error} onRetry={() => void mutate()} context="This item could not be loaded" />
        <p className="mt-4"><Link href={around.backHref}>{around.backLabel}</Link></p>
      </div>
    );
  }

  return (
    <article aria-labelledby="item-title" {...swipe} className="mx-auto max-w-[68ch]">
      {failure.signedOut && <SessionEndedNotice className="mb-4" pane="reader" />}
      <ReaderHeader item={item} titleRef={title} back={back} onToggleRead={toggleRead} onToggleSaved={toggleSaved} status={status}>
        {/* Only an article with a web page has one to fetch (a newsletter mail has none); one pressed before can be released. */}
        {item.item_type === 'article' && (item.canonical_url || item.prefers_full_content) && (
          <FullContentButton item={item} busy={fullContent.busy} onToggle={() => void fullContent.toggle()} className={actionButtonClass} />
        )}
        <ReadLaterSend item={item} onResult={report} className={actionButtonClass} />
      </ReaderHeader>
      {item.ai_summary && (
        <aside aria-labelledby="summary-title" className="mt-4 rounded-lg border border-line bg-surface p-4">
          <h2 id="summary-title" className="text-sm font-semibold">Summary</h2>
          <p className="mt-1">{item.ai_summary}</p>
        </aside>
      )}
      {item.item_type === 'article' && <FullContentNotice item={item} planError={fullContent.planError} />}
      {item.item_type === 'episode' && <EpisodeActions item={item} />}
      <ItemBody item={item} />
      <TagsEditor item={item} onResult={report} />
      {item.item_type === 'article' && <ItemNotes key={item.id} item={item} onResult={report} />}
      <SimilarSection id={item.id} onNavigate={(target) => { focusTitleOf = target; }} />
      {pager}
      {bar(item)}
      {keys}
    </article>
  );
}
