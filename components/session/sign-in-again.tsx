'use client';

import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { signInHref } from '@/lib/client/session';

const noSubscription = () => () => undefined;

/** Where the person is, so signing in again brings them back here; null while rendering on the server. */
export function useHere(): string | null {
  return useSyncExternalStore(noSubscription, () => `${window.location.pathname}${window.location.search}`, () => null);
}

const linkClass = 'inline-flex min-h-11 items-center rounded-md bg-accent px-4 font-medium text-on-accent no-underline';

/**
 * A link to the sign-in page that comes back to this page afterwards. A plain link, not a client
 * navigation: the page after signing in loads whole, so the outbox starts afresh and sends what waits.
 */
export function SignInLink({ children = 'Sign in', className = linkClass }: { children?: ReactNode; className?: string }) {
  return <a href={signInHref(useHere())} className={className}>{children}</a>;
}

/** The notices mounted, in order, each with its pane: only the first of a pane shows. */
let mounted: { id: symbol; pane: string }[] = [];
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The pane whose notice carries the page's one sign-in link: the reader's when it shows one, what the person is reading. */
const linkPane = 'reader';

/**
 * Whether this notice is the first of its pane, and whether it carries the page's sign-in link:
 * every list on a page (the settings' sections, the episodes page's) hears the same 401, and the
 * person needs one sign-in link, not four. A pane of its own (the reader beside the inbox's list)
 * says it too, above what it shows, and takes the link; the list's notice then says it without one.
 */
function useFirstNotice(pane: string): 'hidden' | 'shown' | 'linked' {
  const [id] = useState(() => Symbol('session-ended'));
  useEffect(() => {
    mounted = [...mounted, { id, pane }];
    listeners.forEach((listener) => listener());
    return () => {
      mounted = mounted.filter((other) => other.id !== id);
      listeners.forEach((listener) => listener());
    };
  }, [id, pane]);
  return useSyncExternalStore(subscribe, () => {
    if (mounted.find((other) => other.pane === pane)?.id !== id) return 'hidden';
    const linked = mounted.find((other) => other.pane === linkPane) ?? mounted[0];
    return linked?.id === id ? 'linked' : 'shown';
  }, () => 'hidden');
}

/** Whether a notice that the session ended shows on the page, with its sign-in link: other places then say it without one. */
export function useSessionNoticeShown(): boolean {
  return useSyncExternalStore(subscribe, () => mounted.length > 0, () => false);
}

/**
 * Above content kept after a refresh of it answered 401: the session ended, which says nothing
 * about the content, so it stays, and signing in brings it up to date. One a page, or a pane:
 * `pane` names a column that shows its own content beside the page's (the reader's).
 */
export function SessionEndedNotice({ className = '', pane = 'page' }: { className?: string; pane?: string }) {
  const shown = useFirstNotice(pane);
  if (shown === 'hidden') return null;
  return (
    <div role="status" className={`rounded-lg border border-line-strong bg-surface p-3 ${className}`}>
      <p>Your session has ended, so this could not be brought up to date. What is shown stays; sign in again to see the latest.</p>
      {shown === 'linked' && <p className="mt-2"><SignInLink /></p>}
    </div>
  );
}
