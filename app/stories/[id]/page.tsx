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
      <p className="mb-3 text-sm"><Link href="/stories" className="-ml-1 -my-3 inline-flex min-h-11 items-center px-1">← All stories</Link></p>
      <StoryView id={id} />
    </div>
  );
}
