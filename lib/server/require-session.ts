import 'server-only';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { findSession, type Session } from './session';

/**
 * The session of the page or server action being run; a visitor without one is sent to
 * /sign-in and back to `next` afterwards. proxy.ts already guards every page, so this is
 * for server code that reads a person's data itself: check where the data is read, too.
 */
export async function requireSession(next: string): Promise<Session> {
  const found = await findSession((await headers()).get('cookie'), false);
  if (!found) redirect(`/sign-in?${new URLSearchParams({ next })}`);
  return found.session;
}
