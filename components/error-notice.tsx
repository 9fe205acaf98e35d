'use client';

import { useHere } from '@/components/session/sign-in-again';
import Link from '@/components/shell/intent-link';
import { describeError } from '@/lib/client/error-message';
import { signInHref } from '@/lib/client/session';
import { RefreshCwIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

type Props = {
  error: unknown;
  /** Offered when trying again can help (not for 401, 402, 403, 404, 422). */
  onRetry?: () => void;
  /** What failed, in the reader's words: "Your inbox could not be loaded". */
  context?: string;
};

/** A failed load shown as a value: what happened, what it means, and what can be done. */
export function ErrorNotice({ error, onRetry, context }: Props) {
  const message = describeError(error);
  const here = useHere();
  const href = message.link?.href === '/sign-in' ? signInHref(here) : message.link?.href;
  return (
    <div role="alert" className="rounded-lg border border-line-strong bg-surface p-4">
      <h2 className="text-lg font-semibold">{message.title}</h2>
      {context && <p className="mt-1 text-muted">{context}.</p>}
      <p className="mt-1">{message.detail}</p>
      {message.fields.length > 0 && (
        <ul className="mt-2 list-disc pl-5">
          {message.fields.map((field) => <li key={field}>{field}</li>)}
        </ul>
      )}
      {(message.link || (message.canRetry && onRetry)) && (
        <div className="mt-3 flex flex-wrap gap-3">
          {message.link && (
            <Link href={href!} className="inline-flex min-h-11 items-center rounded-md bg-accent px-4 font-medium text-on-accent no-underline">
              {message.link.label}
            </Link>
          )}
          {message.canRetry && onRetry && (
            <button type="button" onClick={onRetry} className="inline-flex min-h-11 items-center gap-2 rounded-md border border-line-strong px-4 font-medium">
              <ButtonIcon icon={RefreshCwIcon} />
              Try again
            </button>
          )}
        </div>
      )}
    </div>
  );
}
