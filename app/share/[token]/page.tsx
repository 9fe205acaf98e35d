import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { ExternalLinkIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';
import { ReadingText } from '@/components/reader/reading-text';
import { sanitizeRemoteItem } from '@/lib/server/remote-html';
import { openShareLink, ShareLinkError, type SharedItem } from '@/lib/server/share-links';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ token: string }> };

// One look per request, shared by the metadata and the page: the kept copy, or a sentence why there is none to show yet.
// Its HTML is rendered to anyone with the link, so it is sanitized here whatever the service (or the copy) held.
const sharedItem = cache(async (token: string): Promise<SharedItem | null | { unavailable: string }> => {
  try {
    const item = await openShareLink(token);
    return item && sanitizeRemoteItem(item);
  } catch (error) {
    if (error instanceof ShareLinkError) return { unavailable: error.message };
    throw error;
  }
});

/** Open Graph tags for previews in chats and feeds; the link stays out of search engines and referrers. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const item = await sharedItem((await params).token);
  const robots = { index: false, follow: false };
  if (!item) return { title: 'Link not found', robots, referrer: 'no-referrer' };
  if ('unavailable' in item) return { title: 'Shared item', robots, referrer: 'no-referrer' };
  const description = item.summary?.slice(0, 300) ?? undefined;
  const images = item.image_url ? [{ url: item.image_url, alt: item.title }] : undefined;
  return {
    title: item.title,
    description,
    robots,
    referrer: 'no-referrer',
    openGraph: {
      type: 'article', title: item.title, description, siteName: item.source ?? 'Tidings',
      publishedTime: item.published_at ?? undefined, authors: item.author ? [item.author] : undefined, images,
    },
    twitter: { card: images ? 'summary_large_image' : 'summary', title: item.title, description, images },
  };
}

function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  return new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
}

/** A shared saved item, read-only, for anyone with the link: its title, source, content and original link. */
export default async function SharedItemPage({ params }: Props) {
  const item = await sharedItem((await params).token);
  if (!item) notFound();
  // A link made before copies were kept, at its first visit, while the service does not answer: not a missing link.
  if ('unavailable' in item) {
    return (
      <div className="mx-auto max-w-prose">
        <h1 className="text-2xl font-bold">Shared item</h1>
        <p className="mt-3 text-muted">{item.unavailable}</p>
      </div>
    );
  }
  const date = formatDate(item.published_at);
  const byline = [item.source, item.author, date].filter(Boolean).join(' · ');
  return (
    <article className="mx-auto max-w-[68ch]">
      {byline && <p className="text-sm text-muted">{byline}</p>}
      <h1 className="mt-2 text-2xl font-bold leading-tight sm:text-3xl">{item.title || 'Untitled'}</h1>
      {item.audio_url && (
        <audio controls preload="none" src={item.audio_url} className="mt-6 w-full">
          <a href={item.audio_url}>Download the episode</a>
        </audio>
      )}
      {item.content ? (
        <ReadingText html={item.content} />
      ) : (
        item.summary && <p className="reading mt-6">{item.summary}</p>
      )}
      {item.canonical_url && (
        <p className="mt-8">
          <a href={item.canonical_url} rel="noopener noreferrer" className="inline-flex min-h-11 items-center gap-2 font-medium underline">
            Read the original
            <ButtonIcon icon={ExternalLinkIcon} />
          </a>
        </p>
      )}
      <p className="mt-10 border-t border-line pt-4 text-sm text-muted">Shared with Tidings, a reader for news, blogs and podcasts.</p>
    </article>
  );
}
