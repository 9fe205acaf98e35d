import { FetchError } from '../../ingest/fetch-error';

/** What a feed server's refusal means for a reader, by HTTP status. */
function statusMeaning(status: number): string {
  if (status === 404 || status === 410) return 'the feed is gone from that address';
  if (status === 401 || status === 403) return 'it does not let this reader have the feed';
  if (status === 429) return 'it asks to be fetched less often';
  if (status >= 500) return 'the server has a problem of its own';
  if (status >= 300 && status < 400) return 'it redirects without saying where';
  return 'it did not send the feed';
}

function seconds(message: string): string | null {
  const ms = message.match(/(\d+) ms\b/);
  if (!ms) return null;
  const whole = Math.max(1, Math.round(Number(ms[1]) / 1000));
  return whole === 1 ? '1 second' : `${whole} seconds`;
}

/**
 * Why a feed's fetch failed, in one sentence a person can act on: the HTTP status and timeouts
 * in words; the ingest's other messages (not a feed, refused connection, private address) already are.
 */
export function failureSentence(error: unknown): string {
  if (!(error instanceof Error)) return 'The feed could not be refreshed.';
  if (error instanceof FetchError && error.reason === 'http_status' && error.status !== null) {
    return `The feed server answered ${error.status}: ${statusMeaning(error.status)}.`;
  }
  if (error instanceof FetchError && error.reason === 'timeout') {
    const within = seconds(error.message);
    if (error.message.startsWith('Connecting')) return `The address could not be reached within ${within ?? 'the time allowed'}.`;
    if (error.message.includes('sent nothing')) return `The feed server stopped sending for ${within ?? 'too long'}.`;
    return `The address did not answer within ${within ?? 'the time allowed'}.`;
  }
  return error.message || 'The feed could not be refreshed.';
}
