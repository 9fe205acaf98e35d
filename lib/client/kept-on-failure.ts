import { ApiError } from './api-client';
import { useSessionEnded } from './session-ended';

/** How a read's failure shows next to what it loaded before. */
export type ReadFailure<E> = {
  /** Shown in place of the content: nothing (left) to show. Null while the content shows. */
  instead: E | null;
  /** Shown beside the content that stays: a refetch that failed for a reason other than an ended session. */
  beside: E | null;
  /** The session ended (401) on a refetch: the content stays, with a way to sign in again above it. */
  signedOut: boolean;
};

/** Answers that say the thing itself is gone or barred, so what was shown of it should go too. */
const goneStatuses = new Set([403, 404]);

/**
 * The one rule of every screen that loads data (SWR keeps the last data through a failed
 * refetch): a refetch that fails keeps what is shown, and only a failure with nothing to show
 * replaces it. A 401 keeps it as well, under a sign-in notice: an ended session says nothing
 * about the data, and "Please sign in again" in place of an article read a minute ago loses it.
 * With `goneReplaces`, a 403 or 404 replaces what is shown (an item deleted or barred).
 */
export function readFailure<E>(shown: boolean, error: E | null | undefined, options: { goneReplaces?: boolean } = {}): ReadFailure<E> {
  if (!error) return { instead: null, beside: null, signedOut: false };
  const status = error instanceof ApiError ? error.status : -1;
  if (!shown || (options.goneReplaces && goneStatuses.has(status))) return { instead: error, beside: null, signedOut: false };
  if (status === 401) return { instead: null, beside: null, signedOut: true };
  return { instead: null, beside: error, signedOut: false };
}

/**
 * readFailure for a screen that shows content: also under the sign-in notice when the session
 * is known to have ended by another call's 401, since SWR forgets a key's error on any later
 * write to it (a change queued offline settling) while the session stays ended.
 */
export function useReadFailure<E>(shown: boolean, error: E | null | undefined, options: { goneReplaces?: boolean } = {}): ReadFailure<E> {
  const ended = useSessionEnded();
  const failure = readFailure(shown, error, options);
  if (!ended || !shown || failure.instead) return failure;
  return { instead: null, beside: null, signedOut: true };
}
