'use client';

import { ArrowDown, ArrowUp, ListX, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import Link from '@/components/shell/intent-link';
import { ErrorNotice } from '@/components/error-notice';
import { RelativeTime } from '@/components/relative-time';
import { useKeyedList } from '@/components/list-keys';
import { useCapabilities } from '@/lib/client/capabilities';
import { rememberList, rememberListOnOpen } from '@/lib/client/list-context';
import { episodeOf } from '@/lib/client/player/episode';
import { heardPosition, usePlayerValue } from '@/lib/client/player/state';
import { clockTime } from '@/lib/client/player/time-text';
import { moved, useUpNext, useUpNextActions, type UpNextEntry } from '@/lib/client/use-up-next';
import { DownloadButton } from './download-button';
import { EpisodeArtwork } from './episode-artwork';
import { PlayEpisodeButton } from './play-episode-button';

const iconButton = 'inline-flex size-11 items-center justify-center rounded-md text-muted hover:bg-surface hover:text-ink disabled:opacity-40 disabled:hover:bg-transparent';

type Move = 'up' | 'down' | 'remove';

function UpNextRow({ item, index, count, onMove }: { item: UpNextEntry; index: number; count: number; onMove: (item: UpNextEntry, move: Move) => void }) {
  const episode = episodeOf(item);
  const title = item.title || 'Untitled episode';
  return (
    <li data-item-id={item.id} className="relative flex gap-3 border-b border-line py-3 focus-within:bg-accent-soft">
      <EpisodeArtwork src={item.artwork_url} className="mt-1 size-12 shrink-0 rounded" />
      <div className="min-w-0 flex-1">
        <h3 className="text-base font-semibold leading-snug">
          <Link href={`/items/${item.id}`} data-item-link className="text-ink no-underline after:absolute after:inset-0 after:content-[''] hover:underline">{title}</Link>
        </h3>
        <p className="mt-0.5 text-sm text-muted">
          {item.feeds.map((feed) => feed.title).join(', ')}
          {item.published_at && <> · <RelativeTime timestamp={item.published_at} /></>}
          {item.duration_seconds ? ` · ${clockTime(item.duration_seconds)}` : ''}
        </p>
        <div className="relative z-10 -ml-2 mt-1 flex flex-wrap items-center gap-x-1 [&_button]:min-h-11">
          <PlayEpisodeButton item={item} />
          {episode && <DownloadButton episode={episode} />}
          <span className="-mr-2 ml-auto flex">
            <button type="button" className={iconButton} data-move="up" disabled={index === 0} aria-label={`Move up: ${title}`} onClick={() => onMove(item, 'up')}>
              <ArrowUp aria-hidden className="size-5" />
            </button>
            <button type="button" className={iconButton} data-move="down" disabled={index === count - 1} aria-label={`Move down: ${title}`} onClick={() => onMove(item, 'down')}>
              <ArrowDown aria-hidden className="size-5" />
            </button>
            <button type="button" className={iconButton} data-move="remove" aria-label={`Remove from Up Next: ${title}`} onClick={() => onMove(item, 'remove')}>
              <X aria-hidden className="size-5" />
            </button>
          </span>
        </div>
      </div>
    </li>
  );
}

/**
 * Up Next: the unplayed episodes of the podcasts followed, newest first until arranged, which
 * the player goes through in order. Each can be moved up or down (buttons, so the keyboard and
 * screen readers can) or taken off; Clear empties it. Needs the first-party service.
 */
export function UpNext() {
  const { firstParty } = useCapabilities();
  const queue = useUpNext(firstParty);
  const { arrange, remove, clear } = useUpNextActions();
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const list = useRef<HTMLUListElement | null>(null);
  // Where focus goes once the list shows a change: the moved episode's same button, or the next row's.
  const focusAfter = useRef<{ id: string; move: Move } | null>(null);
  // What comes after the player's episode: neither it nor one heard here is unplayed any more,
  // though the service may not have heard so yet (positions reach it every 15 s).
  const playing = usePlayerValue((state) => state.episode?.id ?? null);
  const items = useMemo(() => (queue.data ?? []).filter((item) => item.id !== playing && !((heardPosition(item.id)?.position ?? 0) > 0)), [queue.data, playing]);
  const keyed = useKeyedList({ items, onOpen: () => rememberList(items) });

  // A change of episode is when the service's queue changes: the one started, or the one heard to the end, leaves it.
  const { mutate } = queue;
  useEffect(() => {
    if (playing) void mutate();
  }, [playing, mutate]);

  useEffect(() => {
    const target = focusAfter.current;
    if (!target || !list.current) return;
    focusAfter.current = null;
    const row = list.current.querySelector<HTMLElement>(`li[data-item-id="${target.id}"]`);
    const button = row?.querySelector<HTMLButtonElement>(`[data-move="${target.move}"]:not(:disabled)`)
      ?? row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    button?.focus();
  }, [items]);

  if (!firstParty) return null;

  const onMove = (item: UpNextEntry, move: Move) => {
    const ids = items.map((entry) => entry.id);
    const index = ids.indexOf(item.id);
    setFailure(null);
    const title = item.title || 'Untitled episode';
    let change: Promise<void>;
    if (move === 'remove') {
      const neighbour = ids[index + 1] ?? ids[index - 1];
      if (neighbour) focusAfter.current = { id: neighbour, move: 'remove' };
      change = remove(item.id, item.title);
      setStatus(`${title} was taken off Up Next.`);
    } else {
      const to = move === 'up' ? index - 1 : index + 1;
      focusAfter.current = { id: item.id, move };
      change = arrange(moved(ids, index, to));
      setStatus(`${title} moved to place ${to + 1} of ${ids.length}.`);
    }
    change.catch((error: unknown) => {
      setStatus('');
      setFailure(error);
    });
  };

  const onClear = () => {
    setFailure(null);
    clear().then(() => setStatus('Up Next was cleared.'), (error: unknown) => setFailure(error));
  };

  return (
    <section aria-labelledby="up-next" className="mt-8">
      <div className="flex items-center justify-between gap-3">
        <h2 id="up-next" className="text-xl font-semibold">Up Next</h2>
        {items.length > 0 && (
          <button type="button" onClick={onClear} className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-muted hover:bg-surface hover:text-ink">
            <ListX aria-hidden className="size-4" />
            Clear
          </button>
        )}
      </div>
      <p role="status" className="sr-only">{status}</p>
      {failure ? <div className="mt-3"><ErrorNotice error={failure} onRetry={() => void queue.mutate()} context="Up Next could not be changed" /></div> : null}
      {queue.isLoading ? (
        <p className="mt-3 text-muted">Loading Up Next…</p>
      ) : queue.error && !queue.data ? (
        <div className="mt-3"><ErrorNotice error={queue.error} onRetry={() => void queue.mutate()} context="Up Next could not be loaded" /></div>
      ) : items.length === 0 ? (
        <p className="mt-3 text-muted">Nothing queued: new episodes of the podcasts you follow arrive here.</p>
      ) : (
        <ul
          ref={(element) => { list.current = element; keyed(element); }}
          aria-labelledby="up-next"
          className="mt-2"
          onClick={rememberListOnOpen(items)}
        >
          {items.map((item, index) => <UpNextRow key={item.id} item={item} index={index} count={items.length} onMove={onMove} />)}
        </ul>
      )}
    </section>
  );
}
