'use client';

import { FileTextIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';
import Link from '@/components/shell/intent-link';
import { useCallback, useState } from 'react';
import { ApiError } from '@/lib/client/api-client';
import { describeError } from '@/lib/client/error-message';
import type { ItemDetail } from '@/lib/client/item-cache';
import { fullContentFallback, useSetFullContent } from '@/lib/client/use-full-content';

type Report = (message: string, error?: unknown) => void;

/** The full-content switch of one article: its pending state, and the 402 when the plan lacks it. */
export function useFullContentToggle(item: ItemDetail | undefined, onResult: Report) {
  const setFullContent = useSetFullContent();
  const [busy, setBusy] = useState(false);
  const [planError, setPlanError] = useState<ApiError | null>(null);

  const toggle = useCallback(async () => {
    if (!item || busy) return;
    const wanted = !item.prefers_full_content;
    setBusy(true);
    setPlanError(null);
    onResult(wanted ? 'Fetching the full article…' : 'Showing the feed’s content…');
    try {
      const detail = await setFullContent(item.id, wanted);
      onResult(wanted ? (fullContentFallback(detail) ?? 'Showing the full article.') : 'Showing the feed’s content.');
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) setPlanError(error);
      onResult('', error);
    } finally {
      setBusy(false);
    }
  }, [item, busy, setFullContent, onResult]);

  return { busy, planError, toggle };
}

type ButtonProps = { item: ItemDetail; busy: boolean; onToggle: () => void; className: string };

/** The toggle button: pressed while the reader shows the article's full web page. */
export function FullContentButton({ item, busy, onToggle, className }: ButtonProps) {
  return (
    <button
      type="button"
      aria-pressed={item.prefers_full_content}
      aria-disabled={busy}
      onClick={onToggle}
      className={`${className} ${item.prefers_full_content ? 'bg-accent-soft' : ''} aria-disabled:text-muted`}
    >
      <ButtonIcon icon={FileTextIcon} />
      Full article
    </button>
  );
}

/**
 * Above the content: why the full article is not shown (the plan lacks it, or the page gave no
 * readable article and the feed's content stands in), in the service's own words.
 */
export function FullContentNotice({ item, planError }: { item: ItemDetail; planError: ApiError | null }) {
  if (planError) {
    const message = describeError(planError);
    return (
      <div className="mt-4 rounded-lg border border-line-strong bg-surface p-4">
        <p className="font-semibold">{message.title}</p>
        <p className="mt-1">The full article, fetched from its web page, comes with the Pro and Plus plans. The service said: {message.detail}</p>
        {message.link && <p className="mt-2"><Link href={message.link.href}>{message.link.label}</Link></p>}
      </div>
    );
  }
  const fallback = fullContentFallback(item);
  if (!fallback) return null;
  return <p className="mt-4 rounded-lg border border-line-strong bg-surface p-4 text-sm">{fallback}</p>;
}
