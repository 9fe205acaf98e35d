'use client';

import { useCapabilities } from '@/lib/client/capabilities';
import { withPlayer } from '@/lib/client/player/launch';
import { clockTime } from '@/lib/client/player/time-text';
import { currentChapter, useChapters } from '@/lib/client/use-chapters';

/**
 * The episode's chapters in the full player, loaded when it opens: each a button that jumps
 * there, the one playing marked. Nothing shows for an episode without chapters.
 */
export function ChapterList({ itemId, position }: { itemId: string; position: number }) {
  const { firstParty } = useCapabilities();
  const { data: chapters } = useChapters(firstParty ? itemId : null);
  if (!chapters?.length) return null;
  const current = currentChapter(chapters, position);
  return (
    <section aria-labelledby="chapters-title" className="min-h-0">
      <h3 id="chapters-title" className="text-sm font-semibold uppercase tracking-wide text-muted">Chapters</h3>
      <ol className="mt-1 max-h-48 overflow-y-auto">
        {chapters.map((chapter, index) => (
          <li key={`${chapter.start_seconds}-${index}`}>
            <button
              type="button"
              aria-current={index === current ? 'true' : undefined}
              onClick={() => withPlayer((player) => player.seekTo(chapter.start_seconds))}
              className="flex min-h-11 w-full items-center gap-3 rounded-md px-2 text-left hover:bg-accent-soft aria-[current=true]:font-semibold aria-[current=true]:text-accent"
            >
              <span className="w-14 shrink-0 text-sm tabular-nums text-muted">{clockTime(chapter.start_seconds)}</span>
              <span className="min-w-0 flex-1">{chapter.title}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
