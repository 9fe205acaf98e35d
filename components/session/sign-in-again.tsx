'use client';

import { useSyncExternalStore, type ReactNode } from 'react';
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
