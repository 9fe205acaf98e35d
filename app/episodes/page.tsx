import type { Metadata } from 'next';
import { EpisodeLists } from '@/components/player/episode-lists';

export const metadata: Metadata = { title: 'Episodes' };

/** Episodes to play: Up Next first, then the ones downloaded, in progress and played lately. */
export default function EpisodesPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold">Episodes</h1>
      <EpisodeLists />
    </div>
  );
}
