import { describe, expect, it } from 'vitest';
import { failureSentence } from '@/lib/service/domain/feeds/failure-sentence';
import { FetchError } from '@/lib/service/ingest/fetch-error';

describe('a feed failure in one sentence', () => {
  it('says what an HTTP status means for the feed', () => {
    expect(failureSentence(new FetchError('http_status', 'The server answered HTTP 404.', 404))).toBe('The feed server answered 404: the feed is gone from that address.');
    expect(failureSentence(new FetchError('http_status', 'The server answered HTTP 403.', 403))).toBe('The feed server answered 403: it does not let this reader have the feed.');
    expect(failureSentence(new FetchError('http_status', 'The server answered HTTP 503.', 503))).toBe('The feed server answered 503: the server has a problem of its own.');
  });

  it('gives timeouts in seconds', () => {
    expect(failureSentence(new FetchError('timeout', 'Fetching feeds.example took longer than 20000 ms.'))).toBe('The address did not answer within 20 seconds.');
    expect(failureSentence(new FetchError('timeout', 'Connecting to feeds.example took longer than 10000 ms.'))).toBe('The address could not be reached within 10 seconds.');
  });

  it('keeps the ingest\'s own sentences', () => {
    expect(failureSentence(new Error('The document is an HTML page, not a feed.'))).toBe('The document is an HTML page, not a feed.');
    expect(failureSentence('odd')).toBe('The feed could not be refreshed.');
  });
});
