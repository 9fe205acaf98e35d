import type { SWRConfiguration } from 'swr';
import { ApiError } from './api-client';

/** Longest wait we honour from a Retry-After header before giving the choice back to the person. */
const maxRateLimitWaitSeconds = 120;
/** Waits between tries when the service says it is temporarily unavailable (503). */
const unavailableBackoffMs = [1_000, 3_000, 9_000];

function status(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

/** Seconds to wait after a 429: the service's Retry-After, or a short default when it sent none. */
export function rateLimitWaitSeconds(error: ApiError): number {
  return Math.min(Math.max(error.retryAfterSeconds ?? 5, 1), maxRateLimitWaitSeconds);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}

/**
 * Runs a write, retrying only what the service says is worth retrying: a 429 once after its
 * Retry-After (retrying earlier hits the same limit), a 503 a few times with growing waits.
 */
export async function withRetry<T>(run: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  let unavailableTries = 0;
  let rateLimitRetried = false;
  for (;;) {
    try {
      return await run();
    } catch (error) {
      const code = status(error);
      if (code === 429 && !rateLimitRetried) {
        rateLimitRetried = true;
        await sleep(rateLimitWaitSeconds(error as ApiError) * 1000, signal);
      } else if (code === 503 && unavailableTries < unavailableBackoffMs.length) {
        await sleep(unavailableBackoffMs[unavailableTries++]!, signal);
      } else {
        throw error;
      }
    }
  }
}

/**
 * SWR's retry rule for reads, matching withRetry: 429 once after Retry-After, 503 and a dropped
 * connection with backoff, nothing else (a 401, 402, 404 or 422 will not change by asking
 * again; offline waits for the browser's online event, which SWR already listens to; a 504
 * from the worker waits for its word that the late answer came).
 */
export const onErrorRetry: NonNullable<SWRConfiguration['onErrorRetry']> = (error, _key, _config, revalidate, { retryCount }) => {
  const code = status(error);
  if (code === 429 && retryCount <= 1) {
    setTimeout(() => revalidate({ retryCount }), rateLimitWaitSeconds(error as ApiError) * 1000);
  // No navigator, no page to retry for: a read failing after its page went (a test's torn-down window).
  } else if ((code === 503 || (code === 0 && typeof navigator !== 'undefined' && navigator.onLine)) && retryCount <= unavailableBackoffMs.length) {
    setTimeout(() => revalidate({ retryCount }), unavailableBackoffMs[retryCount - 1]);
  }
};
