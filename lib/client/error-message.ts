import { ApiError } from './api-client';
import { rateLimitWaitSeconds } from './retry-policy';

/** What a person sees when a call fails: a headline, an explanation, and what they can do. */
export type ErrorMessage = {
  status: number;
  title: string;
  detail: string;
  /** One sentence per invalid field, for 422. */
  fields: string[];
  /** A link that resolves the problem (sign in, see the plan), when there is one. */
  link: { href: string; label: string } | null;
  /** Whether trying again could help; the UI then offers a Retry button. */
  canRetry: boolean;
  /** For 429: seconds until trying again makes sense. */
  waitSeconds: number | null;
};

function sentences(message: string): string[] {
  return message.split(/(?<=[.!?])\s+/).map((part) => part.trim()).filter(Boolean);
}

/** A request field's name as the service writes it at the start of a sentence: `opml`, `item_ids[0]`, `filters.tag_ids`. */
const fieldAtStart = /^([a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*|\[\d+\])*) /;

/**
 * The fields a refusal names, in order: SPEC.md words a 422's message as one sentence per invalid
 * field, and the service begins each with the field's name (so do its other refusals about one field,
 * such as an OPML import's 413). SPEC.md has no machine-readable codes, so this is what a refusal
 * carries besides its status; a sentence that names no field (capitalised prose) adds none.
 */
export function refusedFields(error: ApiError): string[] {
  const names = sentences(error.message).map((sentence) => fieldAtStart.exec(sentence)?.[1]).filter((name): name is string => !!name);
  return [...new Set(names)];
}

/** Turns any thrown value from the API client into the words and actions shown on screen. */
export function describeError(error: unknown): ErrorMessage {
  const api = error instanceof ApiError ? error : new ApiError(-1, error instanceof Error ? error.message : String(error));
  const base: ErrorMessage = {
    status: api.status, title: 'Something went wrong', detail: api.message, fields: [], link: null, canRetry: true, waitSeconds: null,
  };
  switch (api.status) {
    case 0:
      // The browser knows when there is no network; a failure with one is a connection that dropped.
      if (typeof navigator !== 'undefined' && navigator.onLine) {
        return { ...base, title: 'The connection failed', detail: 'Nothing came back from the service. Check your connection; this tries again by itself.' };
      }
      return { ...base, title: 'You are offline', detail: 'Check your connection; this will load again when you are back online.' };
    case 400:
      // The service's sentence already says what was wrong (a read-later service unreachable, notes on an episode…);
      // "Something went wrong … (status 400)" hid it behind a code. Sending the same again would fail the same way.
      return { ...base, title: 'That did not work', canRetry: false };
    case 401:
      return {
        ...base, title: 'Please sign in again', detail: 'Your session has ended or the key was revoked.',
        link: { href: '/sign-in', label: 'Sign in again' }, canRetry: false,
      };
    case 402:
      return {
        ...base, title: 'Not included in your plan', detail: api.message,
        link: { href: '/settings', label: 'See your plan' }, canRetry: false,
      };
    case 403:
      return { ...base, title: 'Not allowed', detail: api.message, canRetry: false };
    case 404:
      return { ...base, title: 'Not found', detail: api.message, canRetry: false };
    case 409:
      // The service answers 409 when a folder or saved search already has that name; sending it again cannot help.
      return { ...base, title: 'That name is taken', detail: `${api.message} Choose another name.`, canRetry: false };
    case 422:
      return { ...base, title: 'Some details need fixing', detail: 'The service could not accept this request:', fields: sentences(api.message), canRetry: false };
    case 429: {
      const waitSeconds = rateLimitWaitSeconds(api);
      return {
        ...base, title: 'Too many requests', waitSeconds,
        // Worded as advice: by the time a write shows this, its one retry is spent; a read may still retry once by itself.
        detail: `The service asked us to slow down. Try again in ${waitSeconds} second${waitSeconds === 1 ? '' : 's'}.`,
      };
    }
    case 501:
      return { ...base, title: 'Not available yet', detail: 'This part of the service is not ready yet.', canRetry: false };
    case 504:
      return { ...base, title: 'The connection is very slow', detail: api.message };
    case 503:
      return { ...base, title: 'The service is unavailable', detail: 'It is busy or restarting; try again in a moment.' };
    default:
      return { ...base, detail: api.status > 0 ? `${api.message} (status ${api.status})` : api.message };
  }
}

/**
 * What a change that got no answer says: unlike a read, nothing repeats it later (changes to
 * items go through the outbox and never get here), so the person must know it may not be done.
 */
function unansweredAction(): string {
  if (typeof navigator !== 'undefined' && navigator.onLine) {
    return 'The connection failed: no answer came, so this may not have been done. Try again once the connection works.';
  }
  return 'You are offline: this was not done. Try again when you are back online.';
}

/** The same message as one line, for announcements and toasts after an action fails. */
export function errorSentence(error: unknown): string {
  const message = describeError(error);
  if (message.status === 0) return unansweredAction();
  const extra = message.fields.length ? ` ${message.fields.join(' ')}` : '';
  return `${message.title}: ${message.detail}${extra}`;
}

/** One line for a read that failed (it loads again by itself once the connection is back). */
export function loadErrorSentence(error: unknown): string {
  const message = describeError(error);
  return `${message.title}: ${message.detail}`;
}
