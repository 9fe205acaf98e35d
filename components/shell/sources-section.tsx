'use client';

import type { ReactNode } from 'react';
import { loadErrorSentence } from '@/lib/client/error-message';
import { RefreshCwIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

/**
 * A titled group of the sidebar (Folders, Subscriptions, Tags): a group inside the Sources
 * navigation, not a landmark of its own, so it never doubles the reader's Tags region beside it.
 */
export function SourcesSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `sources-${title.toLowerCase()}`;
  return (
    <div role="group" aria-labelledby={id} className="mt-4">
      <h2 id={id} className="px-2 text-xs font-semibold tracking-wide text-muted uppercase">{title}</h2>
      {children}
    </div>
  );
}

/** What a part of the sidebar shows while it loads, when it failed, or when it is empty. */
export function SourcesNote({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 px-2 py-1 text-sm text-muted">
      {children}
      {onRetry && (
        <button type="button" onClick={onRetry} className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 font-medium text-ink underline">
          <ButtonIcon icon={RefreshCwIcon} />
          Try again
        </button>
      )}
    </p>
  );
}

/** The sentence for a failed load of part of the sidebar. */
export function loadFailure(what: string, error: unknown): string {
  return `${what} could not be loaded. ${loadErrorSentence(error)}`;
}
