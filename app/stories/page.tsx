import type { Metadata } from 'next';
import { StoriesView } from '@/components/stories/stories-view';

export const metadata: Metadata = { title: 'Stories' };

/** Stories: a static frame with the clusters as a client island. */
export default function StoriesPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold">Stories</h1>
      <p className="mt-1 text-muted">The same event as your sources told it, grouped; newest first.</p>
      <StoriesView />
    </div>
  );
}
