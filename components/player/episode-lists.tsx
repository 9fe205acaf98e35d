'use client';

import Link from '@/components/shell/intent-link';
import { ErrorNotice } from '@/components/error-notice';
import { SessionEndedNotice } from '@/components/session/sign-in-again';
import { KeyboardShortcuts } from '@/components/keyboard-shortcuts';
import { ListKeys, useKeyedList } from '@/components/list-keys';
import { inProgressFilters, recentFilters, type EpisodeFilters } from '@/lib/client/episode-views';
import { filtersKey } from '@/lib/client/item-cache';
import { useReadFailure } from '@/lib/client/kept-on-failure';
import { rememberList, rememberListOnOpen } from '@/lib/client/list-context';
import { useItems } from '@/lib/client/use-items';
import { useSubscriptionCheck } from '@/lib/client/use-subscription-check';
import { DownloadedEpisodes } from './downloaded-episodes';
import { EpisodeRow } from './episode-row';
import { UpNext } from './up-next';
import { addSubscriptionHref } from '@/lib/client/subscriptions-view';

const buttonClass = 'mt-3 inline-flex min-h-11 items-center rounded-md border border-line-strong px-4 font-medium';

function Loading({ what }: { what: string }) {
  return (
    <div role="status" className="mt-3 animate-pulse">
      <span className="sr-only">{`Loading ${what}…`}</span>
      <div aria-hidden className="space-y-3">
        {[0, 1, 2].map((row) => <div key={row} className="h-16 rounded bg-line" />)}
      </div>
    </div>
  );
}

function Section({ id, title, filters, empty, playedOnly }: { id: string; title: string; filters: EpisodeFilters; empty: string; playedOnly?: boolean }) {
  const list = useItems(filters);
  // Played episodes come first in recently_played order; the first never-played one ends the list.
  const firstUnplayed = playedOnly ? list.items.findIndex((item) => !item.last_played_at) : -1;
  const items = firstUnplayed >= 0 ? list.items.slice(0, firstUnplayed) : list.items;
  const hasMore = list.hasMore && firstUnplayed < 0;
  const continuation = hasMore ? { filters: filtersKey(filters), nextCursor: list.nextCursor } : undefined;
  const keyed = useKeyedList({ items, more: { hasMore, loadMore: list.loadMore }, onOpen: () => rememberList(items, continuation) });

  const failure = useReadFailure(items.length > 0, list.error);
  const notice = (error: unknown, context: string) => <div className="mt-3"><ErrorNotice error={error} onRetry={() => void list.refresh()} context={context} /></div>;

  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-semibold">{title}</h2>
      {list.isLoading ? <Loading what={title.toLowerCase()} />
        // As in the inbox, a failed fetch (offline, say) hides only what never loaded: rows already shown stay.
        : failure.instead ? notice(failure.instead, `${title} could not be loaded`)
          : items.length === 0 ? (
            <p className="mt-3 text-muted">
              {empty} <Link href="/inbox?view=all&type=episode">Find an episode in the inbox</Link>.
            </p>
          ) : (
            <>
              {failure.signedOut && <SessionEndedNotice className="mt-3" />}
              <ul ref={keyed} className="mt-2" onClick={rememberListOnOpen(items, continuation)}>
                {items.map((item) => <EpisodeRow key={item.id} item={item} />)}
              </ul>
              {failure.beside && notice(failure.beside, 'More episodes could not be loaded')}
              {hasMore && (
                <button type="button" onClick={list.loadMore} disabled={list.isLoadingMore} className={buttonClass}>
                  {list.isLoadingMore ? 'Loading…' : 'Show more'}
                </button>
              )}
            </>
          )}
    </section>
  );
}

/** Without a podcast no episode arrives: the way forward is subscribing to one, not the inbox. */
function NoPodcastsYet() {
  const check = useSubscriptionCheck();
  // Said only when the service says so; while it loads or fails, the lists speak for themselves.
  if (check.data?.podcast !== false) return null;
  return (
    <div className="mt-6 rounded-lg border border-dashed border-line-strong px-4 py-6">
      <h2 className="text-xl font-semibold">No podcasts yet</h2>
      <p className="mt-2 text-muted">Episodes come from the podcasts you subscribe to; you follow none so far.</p>
      <Link href={addSubscriptionHref} className={`${buttonClass} text-ink no-underline`}>Subscribe to a podcast</Link>
    </div>
  );
}

/**
 * The episodes page's lists: Up Next (the unplayed episodes, in the order to play them), what
 * is downloaded on this device, started and not finished, and what was played lately, with the page's keys: j/k, o, m, s and v go through the episodes of
 * the last two (a downloaded one has no page to open; it is in those lists too when played).
 */
export function EpisodeLists() {
  return (
    <ListKeys>
      <NoPodcastsYet />
      <UpNext />
      {/* Offline (or on a bad connection) it is what can be played, and it shows at once. */}
      <DownloadedEpisodes />
      <Section id="in-progress" title="In progress" filters={inProgressFilters} empty="Nothing half-heard: episodes you start and do not finish wait here." />
      <Section id="recently-played" title="Recently played" filters={recentFilters} playedOnly empty="No episodes played yet." />
      <KeyboardShortcuts />
    </ListKeys>
  );
}
