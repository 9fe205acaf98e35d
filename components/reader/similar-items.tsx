'use client';

import Link from '@/components/shell/intent-link';
import { ErrorNotice } from '@/components/error-notice';
import { RelativeTime } from '@/components/relative-time';
import { ApiError } from '@/lib/client/api-client';
import { describeError } from '@/lib/client/error-message';
import { readFailure } from '@/lib/client/kept-on-failure';
import { useSimilarItems } from '@/lib/client/use-similar-items';

type Props = { id: string; onNavigate: (id: string) => void };

/** Why the plan shows no similar items, in the words the app uses for every 402, with the way to the plan. */
function PlanExplanation({ error }: { error: ApiError }) {
  const message = describeError(error);
  return (
    <div className="mt-3 rounded-lg border border-line-strong bg-surface p-4">
      <p className="font-semibold">{message.title}</p>
      <p className="mt-1">Similar items come with the Pro and Plus plans. The service said: {message.detail}</p>
      {message.link && <p className="mt-2"><Link href={message.link.href}>{message.link.label}</Link></p>}
    </div>
  );
}

/**
 * The items most like this one among the person's own (GET /v1/items/{id}/similar, five).
 * Loaded in its own chunk by SimilarSection, only when the section nears the screen.
 */
export function SimilarItems({ id, onNavigate }: Props) {
  const { data, error, isLoading, mutate } = useSimilarItems(id);
  if (error instanceof ApiError && error.status === 402) return <PlanExplanation error={error} />;
  // An ended session is told once, above the article (ItemReader); the similar items shown stay.
  const { instead } = readFailure(Boolean(data), error);
  if (instead) return <div className="mt-3"><ErrorNotice error={instead} onRetry={() => void mutate()} context="Similar items could not be loaded" /></div>;
  if (isLoading || !data) return <p role="status" className="mt-3 text-muted">Finding similar items…</p>;
  if (data.length === 0) return <p className="mt-3 text-muted">Nothing similar among your items yet.</p>;
  return (
    <ul className="mt-3 space-y-2">
      {data.map((item) => (
        <li key={item.id}>
          <Link
            href={`/items/${item.id}`}
            onClick={() => onNavigate(item.id)}
            className="flex min-h-11 flex-col justify-center rounded-md border border-line px-3 py-2 no-underline hover:bg-surface"
          >
            <span className="line-clamp-2 font-medium text-ink">{item.title || 'Untitled'}</span>
            <span className="text-sm text-muted">
              {item.feeds.map((feed) => feed.title).join(', ')}
              {item.published_at && (
                <> · <RelativeTime timestamp={item.published_at} /></>
              )}
              {item.is_read ? ' · Read' : ''}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
