import type { Metadata } from 'next';
import Link from '@/components/shell/intent-link';
import { StoryView } from '@/components/stories/story-view';

export const metadata: Metadata = { title: 'Story' };

type Props = { params: Promise<{ id: string }> };

/** One story: a static frame with the story as a client island (it is found among the latest stories). */
export default async function StoryPage({ params }: Props) {
  const { id } = await params;
  return (
    <div className="mx-auto max-w-3xl">
      <p className="mb-3 text-sm"><Link href="/stories" className="text-muted underline">Stories</Link></p>
      <StoryView id={id} />
    </div>
  );
}
