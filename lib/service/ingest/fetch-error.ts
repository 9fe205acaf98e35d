/** Why a fetch failed, as a reason a caller can branch on. */
export type FetchFailure = 'invalid_url' | 'private_address' | 'timeout' | 'too_large' | 'too_many_redirects' | 'http_status' | 'network' | 'cancelled' | 'host_paused';

/** A fetch that produced no usable answer; the message is one sentence. */
export class FetchError extends Error {
  constructor(
    readonly reason: FetchFailure,
    message: string,
    readonly status: number | null = null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}
