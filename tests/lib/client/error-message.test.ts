import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, callApi, configureApi } from '@/lib/client/api-client';
import { describeError, errorSentence, refusedFields } from '@/lib/client/error-message';
import { startLocalService, type LocalService } from '../../components/local-service';

async function failure(run: () => Promise<unknown>): Promise<ApiError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('The call succeeded; a failure was expected.');
}

describe('what a person sees when the service answers an error', () => {
  let local: LocalService;
  let article: string;
  beforeAll(async () => {
    local = await startLocalService({ plan: 'free' });
    [article] = local.addFeed('Plain Feed', [{ published_at: new Date().toISOString() }]);
  });
  afterAll(() => local.close());

  it('turns 422 into one line per invalid field', async () => {
    const error = await failure(() => callApi('GET', '/v1/items', { query: { limit: 0, item_type: 'video' as 'article' } }));
    const message = describeError(error);
    expect(message.status).toBe(422);
    expect(message.title).toBe('Some details need fixing');
    expect(message.fields.length).toBe(2);
    expect(message.canRetry).toBe(false);
  });

  it('reads the fields a refusal names from the start of its sentences, and none from prose', async () => {
    const invalid = await failure(() => callApi('GET', '/v1/items', { query: { limit: 0, item_type: 'video' as 'article' } }));
    expect(refusedFields(invalid).sort()).toEqual(['item_type', 'limit']);
    const notOpml = await failure(() => callApi('POST', '/v1/opml/import', { body: { opml: 'just notes' } }));
    expect([notOpml.status, refusedFields(notOpml)]).toEqual([422, ['opml']]);
    const missing = await failure(() => callApi('GET', '/v1/items/{item_id}', { params: { item_id: '00000000-0000-4000-8000-000000000000' } }));
    expect(refusedFields(missing)).toEqual([]);
  });

  it('explains a plan limit on 402 with the service\'s reason and a link to the plan', async () => {
    const error = await failure(() => callApi('PATCH', '/v1/items/{item_id}', { params: { item_id: article! }, body: { notes: 'mine' } }));
    const message = describeError(error);
    expect(message).toMatchObject({ status: 402, title: 'Not included in your plan', link: { href: '/settings' }, canRetry: false });
    expect(message.detail).toBe(error.message);
  });

  it('says a name is taken on 409 and asks for another, without offering a retry', async () => {
    await callApi('POST', '/v1/saved-searches', { body: { name: 'Harbour news', query_data: { q: 'harbour' } } });
    const error = await failure(() => callApi('POST', '/v1/saved-searches', { body: { name: 'Harbour news', query_data: { q: 'quay' } } }));
    expect(describeError(error)).toMatchObject({ status: 409, title: 'That name is taken', canRetry: false });
    expect(errorSentence(error)).toBe('That name is taken: A saved search named "Harbour news" already exists. Choose another name.');
  });

  it('gives the service\'s own sentence on 400, without a status code or a retry', async () => {
    const error = await failure(() => callApi('POST', '/v1/subscriptions', { body: { url: 'https://example.com/feed', folder_id: '00000000-0000-4000-8000-000000000000' } }));
    expect(error.status).toBe(400);
    expect(describeError(error)).toMatchObject({ title: 'That did not work', detail: error.message, canRetry: false });
    expect(errorSentence(error)).toBe(`That did not work: ${error.message}`);
  });

  it('sends the person to sign in again on 401', async () => {
    const error = await failure(() => fetchWithToken(local, 'tid_app_' + 'y'.repeat(40)));
    expect(describeError(error)).toMatchObject({ status: 401, title: 'Please sign in again', link: { href: '/sign-in', label: 'Sign in again' } });
  });

  it('says a missing item was not found on 404, without offering a retry', async () => {
    const error = await failure(() => callApi('GET', '/v1/items/{item_id}', { params: { item_id: '00000000-0000-4000-8000-000000000000' } }));
    expect(describeError(error)).toMatchObject({ status: 404, title: 'Not found', canRetry: false });
  });

  it('waits as long as Retry-After says on 429, and retries on 503 and when offline', () => {
    expect(describeError(new ApiError(429, 'Slow down.', 42))).toMatchObject({ waitSeconds: 42, canRetry: true, detail: expect.stringContaining('42 seconds') });
    expect(describeError(new ApiError(503, 'Down.', 5))).toMatchObject({ title: 'The service is unavailable', canRetry: true });
    expect(describeError(new ApiError(0, 'You appear to be offline.'))).toMatchObject({ title: 'You are offline', canRetry: true });
  });

  it('writes one sentence for announcements after an action fails', () => {
    expect(errorSentence(new ApiError(422, 'limit must be at least 1. cursor is malformed.'))).toBe(
      'Some details need fixing: The service could not accept this request: limit must be at least 1. cursor is malformed.',
    );
  });
});

async function fetchWithToken(local: LocalService, token: string): Promise<unknown> {
  configureApi({ headers: { authorization: `Bearer ${token}` } });
  try {
    return await callApi('GET', '/v1/items');
  } finally {
    configureApi({ headers: { authorization: `Bearer ${local.token}` } });
  }
}
