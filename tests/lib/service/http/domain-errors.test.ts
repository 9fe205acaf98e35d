import { describe, expect, it } from 'vitest';
import { badRequest, conflict, invalidFields, notFound, planLimit, tooLarge, tooSoon, unavailable } from '@/lib/service/domain/errors';
import { errorResponse } from '@/lib/service/http/router';

describe('domain refusals as HTTP answers', () => {
  it.each([
    [badRequest('url must be an http or https URL.'), 400],
    [planLimit('The free plan allows 3 subscriptions.'), 402],
    [notFound('No folder with id x exists.'), 404],
    [conflict('A folder named "News" already exists.'), 409],
    [tooLarge('opml lists too many feeds.'), 413],
    [unavailable('The feed took too long to fetch.'), 503],
  ])('answers %s with its status and the general body', async (error, status) => {
    const response = errorResponse(error);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ message: error.message });
  });

  it('joins invalid fields into one 422 message, one sentence each', async () => {
    const response = errorResponse(invalidFields(['cursor is not a cursor this service gave out.', 'limit must be a number.']));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ message: 'cursor is not a cursor this service gave out. limit must be a number.' });
  });

  it('answers too soon with 429, retry_after in the body and Retry-After in whole seconds', async () => {
    const response = errorResponse(tooSoon('This feed was fetched moments ago; try again in 3 seconds.', 2.2));
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('3');
    expect(await response.json()).toEqual({ message: 'This feed was fetched moments ago; try again in 3 seconds.', retry_after: 3 });
  });
});
