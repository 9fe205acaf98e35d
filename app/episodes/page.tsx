import type { Metadata } from 'next';
import { EpisodeLists } from '@/components/player/episode-lists';

export const metadata: Metadata = { title: 'Episodes' };

/** Episodes to go back to: the ones in progress, and the ones played lately, each with resume. */
export default function EpisodesPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold">Episodes</h1>
      <EpisodeLists />
    </div>
  );
}
