'use client';

import { CloudOff, RefreshCw, TriangleAlert } from 'lucide-react';
import { useCallback, useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { SignInLink, useSessionNoticeShown } from '@/components/session/sign-in-again';
import { loadOutbox } from '@/lib/client/outbox';
import { useOutboxStatus } from '@/lib/client/outbox/use-outbox-status';
import { useShownWhileScrollingUp } from '@/lib/client/use-scroll-chrome';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function useSecondsUntil(time: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!time) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [time]);
  return time ? Math.max(0, Math.ceil((time - now) / 1000)) : null;
}

/**
 * How long changes may be on their way before the indicator says they wait. An ordinary send is
 * over sooner: a notice flashing (and a status announced) at every item opened or marked would
 * only distract. Offline, refused or held changes show at once.
 */
const quietSendMs = 2000;

/** True once `on` has held for `ms`; false again as soon as it does not. */
function useHeldFor(on: boolean, ms: number): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!on) return;
    const timer = setTimeout(() => setHeld(true), ms);
    return () => {
      clearTimeout(timer);
      setHeld(false);
    };
  }, [on, ms]);
  return on && held;
}

const rowButtonClass = 'min-h-11 rounded-md border border-line-strong px-3 font-medium';

type Outbox = Awaited<ReturnType<typeof loadOutbox>>;

/**
 * Runs a refused change's action; its row then goes away with the focused button, so focus
 * moves to the next row's first button (or the one before), or to the page when none is left.
 */
function settleRow(button: HTMLElement, act: (outbox: Outbox) => Promise<void>): void {
  const row = button.closest('li');
  const neighbour = (row?.nextElementSibling ?? row?.previousElementSibling)?.querySelector('button') ?? null;
  void loadOutbox().then(act).finally(() => {
    if (neighbour?.isConnected) neighbour.focus();
    else document.getElementById('main')?.focus();
  });
}

/** The height of a fixed element while it is shown, to keep as much room at the end of the page. */
function useHeldSpace(): [number, (element: HTMLElement | null) => (() => void) | undefined] {
  const [space, setSpace] = useState(0);
  const measure = useCallback((element: HTMLElement | null) => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setSpace(element.offsetHeight));
    observer.observe(element);
    return () => {
      observer.disconnect();
      setSpace(0);
    };
  }, []);
  return [space, measure];
}

/**
 * Pending changes and refused ones, as a small badge (their count) in the corner that opens the
 * panel: how many wait and why, the list of them, and each refusal with the service's reason until
 * dismissed. The badge hides while the page scrolls down and the page keeps room for it at its
 * end, so it never sits on text being read; the sentence is said to screen readers all the while.
 * A refusal or an ended session needs the person, so it opens the panel. `notice` (the reload
 * prompt) shows above; with nothing to show it renders nothing.
 */
export function OutboxIndicator({ notice }: { notice?: ReactNode }) {
  const status = useOutboxStatus();
  const [space, measure] = useHeldSpace();
  const wait = useSecondsUntil(status.activity === 'paused' ? status.resumeAt : null);
  const { refused, activity } = status;
  const onTheirWay = status.pending.length > 0 && (activity === 'sending' || activity === 'idle');
  const slow = useHeldFor(onTheirWay, quietSendMs);
  // Once shown, waiting changes stay in sight until none is left (sent after being offline, say).
  const [shown, setShown] = useState(false);
  const showNow = status.pending.length > 0 && (!onTheirWay || slow);
  if (showNow && !shown) setShown(true);
  if (!status.pending.length && shown) setShown(false);
  const pending = shown || showNow ? status.pending : [];
  const [open, setOpen] = useState(false);
  // What needs the person opens the panel, once each time it appears.
  const alarm = `${refused.length}:${activity === 'signed-out' && pending.length > 0}`;
  const [alarmSeen, setAlarmSeen] = useState('0:false');
  if (alarm !== alarmSeen) {
    setAlarmSeen(alarm);
    if (refused.length > Number(alarmSeen.split(':')[0]) || (alarm.endsWith('true') && !alarmSeen.endsWith('true'))) setOpen(true);
  }
  const hasBadge = pending.length > 0 || refused.length > 0 || activity === 'offline';
  // Nothing left to show folds the panel: what comes next starts as the badge again.
  if (!hasBadge && open) setOpen(false);
  const scrolledUp = useShownWhileScrollingUp();
  const panelId = useId();
  const badgeId = useId();
  // The page's notice that the session ended carries the one sign-in link when it shows.
  const linkElsewhere = useSessionNoticeShown();
  if (!notice && !pending.length && !refused.length && activity !== 'offline') return null;
  // Sending failed for lack of a network, yet the browser has one: a link that drops or passes nothing.
  const failing = activity === 'offline' && navigator.onLine;

  const why =
    failing ? 'the connection is failing; they are sent as soon as it works'
      : activity === 'offline' ? 'you are offline; they are sent when the connection returns'
      : activity === 'paused' ? `the service asked to wait${wait !== null ? ` ${wait} s` : ''}; sending resumes by itself`
        : activity === 'signed-out' ? 'your session has ended'
          : 'sending…';
  const count = pending.length + refused.length;
  const Icon = refused.length ? TriangleAlert : activity === 'offline' ? CloudOff : RefreshCw;
  const badgeName = [
    pending.length ? plural(pending.length, 'change waiting', 'changes waiting') : activity === 'offline' ? 'Offline' : '',
    refused.length ? plural(refused.length, 'change not saved', 'changes not saved') : '',
  ].filter(Boolean).join(', ');
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpen(false);
    document.getElementById(badgeId)?.focus();
  };

  return (
    <>
      {/* Room for the badge at the end of the page, as the mini player keeps for itself: scrolled to the end, it covers nothing. */}
      <div aria-hidden style={{ height: space }} />
      {/* Above the mini player (--player-space) and the reader's bar on phones (--reader-bar-space). */}
      <aside
        ref={measure}
        aria-label="Offline and sync"
        data-own-gestures
        data-sync-notice
        onKeyDown={closeOnEscape}
        className="pointer-events-none fixed inset-x-0 bottom-[calc(var(--player-space,0px)+var(--reader-bar-space,0px))] z-40 flex flex-col items-end gap-2 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]"
      >
        {notice && <div className="pointer-events-auto w-full max-w-sm">{notice}</div>}
        {/* Folded, only as wide as the badge: the page beside it stays tappable. */}
        <div className={`pointer-events-auto relative flex flex-col items-end gap-2 ${open ? 'w-full max-w-sm' : 'w-fit'}`}>
          {(pending.length > 0 || activity === 'offline') && (
            // Said to screen readers while folded; shown as the panel's head once opened.
            <div role="status" id={open ? panelId : undefined} className={open ? 'w-full rounded-lg border border-line-strong bg-surface p-3 shadow-lg' : 'sr-only'}>
              {pending.length > 0 ? (
                <>
                  <p className="font-medium">{plural(pending.length, 'change', 'changes')} waiting to sync: {why}</p>
                  {open && <ul className="mt-1 max-h-48 list-disc overflow-y-auto pl-5 text-sm">{pending.map((change) => <li key={change.requestId}>{change.label}</li>)}</ul>}
                  {open && activity === 'signed-out' && (
                    // The replay stopped at a 401 with every change still queued: signing in (back to this
                    // page) loads the app again, whose outbox sends them first thing.
                    <>
                      <p className="mt-1">They stay on this device and are sent once you sign in again.</p>
                      {!linkElsewhere && <p className="mt-2"><SignInLink /></p>}
                    </>
                  )}
                  {open && failing && (
                    <button type="button" onClick={() => void loadOutbox().then((outbox) => outbox.flushOutbox())} className={`${rowButtonClass} mt-2`}>
                      Send now
                    </button>
                  )}
                </>
              ) : (
                <p className="font-medium">
                  {failing ? 'The connection is failing. Changes you make are kept and sent later.' : 'You are offline. Changes you make are kept and sent later.'}
                </p>
              )}
            </div>
          )}
          {open && refused.length > 0 && (
            <section aria-labelledby="refused-changes-heading" className="w-full rounded-lg border border-danger bg-surface p-3 shadow-lg">
              <h2 id="refused-changes-heading" className="font-semibold text-danger">
                {plural(refused.length, 'change was', 'changes were')} not saved
              </h2>
              <ul className="mt-2 max-h-60 space-y-2 overflow-y-auto text-sm">
                {refused.map((change) => (
                  <li key={change.requestId} className="flex items-start justify-between gap-3">
                    <span>
                      <span className="font-medium">{change.label}</span>: {change.message}
                    </span>
                    <span className="flex shrink-0 flex-wrap justify-end gap-2">
                      {/* A server error may pass; a refusal (4xx) or a change too old to send would fail alike. */}
                      {change.status >= 500 && (
                        <button
                          type="button"
                          aria-label={`Try again: ${change.label}`}
                          onClick={(event) => settleRow(event.currentTarget, (outbox) => outbox.retryRefusal(change.requestId))}
                          className={rowButtonClass}
                        >
                          Try again
                        </button>
                      )}
                      <button
                        type="button"
                        aria-label={`Dismiss: ${change.label}`}
                        onClick={(event) => settleRow(event.currentTarget, (outbox) => outbox.dismissRefusal(change.requestId))}
                        className={rowButtonClass}
                      >
                        Dismiss
                      </button>
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {hasBadge && (
            <button
              type="button"
              id={badgeId}
              aria-expanded={open}
              aria-controls={open ? panelId : undefined}
              aria-label={badgeName}
              onClick={() => setOpen(!open)}
              className={`inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-full border px-3 text-sm font-semibold shadow-md motion-safe:transition-transform ${
                refused.length ? 'border-danger bg-surface text-danger' : 'border-line-strong bg-surface text-ink'
              } ${scrolledUp || open ? '' : 'translate-y-[calc(100%+2rem+var(--reader-bar-space,0px))]'}`}
            >
              <Icon aria-hidden className="size-4" />
              {count > 0 && <span aria-hidden>{count}</span>}
            </button>
          )}
        </div>
      </aside>
    </>
  );
}
