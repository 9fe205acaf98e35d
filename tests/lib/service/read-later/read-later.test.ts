import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, episode, startHarness, type Harness } from '../harness';
import { startReadLaterStandIn, standInBaseUrls, type ReadLaterStandIn } from './stand-in';

let harness: Harness;
let api: ReadLaterStandIn;
beforeAll(async () => {
  api = await startReadLaterStandIn();
  harness = await startHarness({
    readLaterBaseUrls: standInBaseUrls(api.url),
  });
});
afterAll(async () => {
  await harness.stop();
  await api.close();
});

const credentials = {
  instapaper: { username: 'ada', password: 'secret' },
  readwise: { token: 'rw-token' },
  raindrop: { token: 'rd-token' },
  wallabag: { client_id: 'cid', client_secret: 'csecret', username: 'ada', password: 'pw' },
} as const;

describe('read-later services', () => {
  it('links each service after checking the credentials with it, and stores them sealed', async () => {
    const { appToken } = await harness.createUser({ plan: 'pro' });
    for (const [service, body] of Object.entries(credentials)) {
      const linked = await harness.call('PUT', `/v1/read-later/${service}`, { key: appToken, body });
      expect(linked.status, service).toBe(200);
      expect(linked.body).toMatchObject({ service, linked: true });
    }
    const list = await harness.call('GET', '/v1/read-later', { key: appToken });
    expect(list.body.data.map((link: { account: string }) => link.account)).toEqual(['ada', 'Readwise Reader', 'Ada Reader', `ada at ${new URL(api.url).host}`]);
    const stored = harness.service.db.prepare('SELECT sealed_credentials FROM read_later_links').pluck().all() as string[];
    expect(stored.join(' ')).not.toMatch(/secret|rw-token|rd-token|csecret/);
    expect(api.seen.find((r) => r.path === '/instapaper/api/authenticate')?.authorization).toBe(`Basic ${Buffer.from('ada:secret').toString('base64')}`);
  });

  it('sends an article to each linked service with exactly the request its API expects', async () => {
    const { user, key, appToken } = await harness.createUser({ plan: 'pro' });
    for (const [service, body] of Object.entries(credentials)) await harness.call('PUT', `/v1/read-later/${service}`, { key: appToken, body });
    const [id] = (await harness.seedSubscription(user, [article({ title: 'Tides & moons', url: 'https://example.org/tides', summary: 'About tides.', author: 'Ada' })])).itemIds;
    api.seen.length = 0;
    for (const service of Object.keys(credentials)) {
      const sent = await harness.call('POST', `/v1/items/${id}/readlater`, { key, query: { service } });
      expect(sent.status, service).toBe(200);
      expect(sent.body).toEqual({ message: `Sent to ${service}.` });
    }
    const byPath = (path: string) => api.seen.find((r) => r.path === path)!;
    const instapaperAdd = byPath('/instapaper/api/add');
    expect(Object.fromEntries(new URLSearchParams(instapaperAdd.body))).toEqual({ url: 'https://example.org/tides', title: 'Tides & moons', selection: 'About tides.' });
    expect(byPath('/readwise/api/v3/save/')).toMatchObject({ authorization: 'Token rw-token', contentType: 'application/json' });
    expect(JSON.parse(byPath('/readwise/api/v3/save/').body)).toEqual({ url: 'https://example.org/tides', title: 'Tides & moons', saved_using: 'Tidings', summary: 'About tides.', author: 'Ada' });
    expect(byPath('/raindrop/rest/v1/raindrop').authorization).toBe('Bearer rd-token');
    expect(JSON.parse(byPath('/raindrop/rest/v1/raindrop').body)).toEqual({ link: 'https://example.org/tides', title: 'Tides & moons', excerpt: 'About tides.', pleaseParse: {} });
    expect(Object.fromEntries(new URLSearchParams(byPath('/wallabag/oauth/v2/token').body))).toEqual({ grant_type: 'password', client_id: 'cid', client_secret: 'csecret', username: 'ada', password: 'pw' });
    expect(byPath('/wallabag/api/entries.json').authorization).toBe('Bearer wb-access');
  });

  it('answers 400 when the service is not linked, refuses the credentials, or the item is an episode', async () => {
    const { user, key, appToken } = await harness.createUser({ plan: 'pro' });
    const [articleId, episodeId] = (await harness.seedSubscription(user, [article(), episode()])).itemIds;
    const unlinked = await harness.call('POST', `/v1/items/${articleId}/readlater`, { key, query: { service: 'readwise' } });
    expect(unlinked.status).toBe(400);
    expect(unlinked.body.message).toMatch(/not linked/);
    const refused = await harness.call('PUT', '/v1/read-later/instapaper', { key: appToken, body: { username: 'ada', password: 'wrong' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/did not accept/);
    await harness.call('PUT', '/v1/read-later/readwise', { key: appToken, body: credentials.readwise });
    const podcast = await harness.call('POST', `/v1/items/${episodeId}/readlater`, { key, query: { service: 'readwise' } });
    expect(podcast.status).toBe(400);
    expect(podcast.body.message).toMatch(/articles only/);
    const missingField = await harness.call('PUT', '/v1/read-later/wallabag', { key: appToken, body: { username: 'ada' } });
    expect(missingField.status).toBe(422);
    expect(missingField.body.message).toBe('client_id is required to link wallabag. client_secret is required to link wallabag. password is required to link wallabag.');
  });

  it('answers 402 off-plan, 404 for an unknown item, 422 for an unknown service, and 403 to an API key on linking', async () => {
    const free = await harness.createUser({ plan: 'free' });
    const [id] = (await harness.seedSubscription(free.user, [article()])).itemIds;
    expect((await harness.call('POST', `/v1/items/${id}/readlater`, { key: free.key, query: { service: 'readwise' } })).status).toBe(402);
    expect((await harness.call('PUT', '/v1/read-later/readwise', { key: free.appToken, body: credentials.readwise })).status).toBe(402);
    const pro = await harness.createUser({ plan: 'pro' });
    expect((await harness.call('POST', '/v1/items/00000000-0000-4000-8000-000000000000/readlater', { key: pro.key, query: { service: 'readwise' } })).status).toBe(404);
    expect((await harness.call('POST', `/v1/items/${id}/readlater`, { key: pro.key, query: { service: 'pocket' } })).status).toBe(422);
    expect((await harness.call('PUT', '/v1/read-later/readwise', { key: pro.key, body: credentials.readwise })).status).toBe(403);
  });

  it('unlinks a service and forgets its credentials', async () => {
    const { appToken } = await harness.createUser({ plan: 'pro' });
    await harness.call('PUT', '/v1/read-later/raindrop', { key: appToken, body: credentials.raindrop });
    expect((await harness.call('DELETE', '/v1/read-later/raindrop', { key: appToken })).status).toBe(200);
    expect((await harness.call('DELETE', '/v1/read-later/raindrop', { key: appToken })).status).toBe(404);
    const list = await harness.call('GET', '/v1/read-later', { key: appToken });
    expect(list.body.data.find((link: { service: string }) => link.service === 'raindrop').linked).toBe(false);
  });

  it('refuses a wallabag base_url on this machine with a clear sentence, and no request reaches it', async () => {
    const { appToken } = await harness.createUser({ plan: 'pro' });
    api.seen.length = 0;
    const linked = await harness.call('PUT', '/v1/read-later/wallabag', { key: appToken, body: { ...credentials.wallabag, base_url: `${api.url}/wallabag` } });
    expect(linked.status).toBe(400);
    expect(linked.body.message).toBe(`wallabag at ${api.url} cannot be used: 127.0.0.1 is a private or local address, which is not allowed.`);
    const named = await harness.call('PUT', '/v1/read-later/wallabag', {
      key: appToken, body: { ...credentials.wallabag, base_url: `http://localhost:${new URL(api.url).port}/wallabag` },
    });
    expect(named.status).toBe(400);
    expect(named.body.message).toMatch(/^wallabag at http:\/\/localhost:\d+ cannot be used: localhost resolves to a private or local address/);
    expect(api.seen).toEqual([]);
    const list = await harness.call('GET', '/v1/read-later', { key: appToken });
    expect(list.body.data.find((link: { service: string }) => link.service === 'wallabag').linked).toBe(false);
  });

  it('follows no redirect from the read-later service to a private address', async () => {
    const { appToken } = await harness.createUser({ plan: 'pro' });
    api.seen.length = 0;
    // The operator's endpoint is trusted; where it redirects is not: here to a link-local metadata address.
    const redirected = await harness.call('PUT', '/v1/read-later/raindrop', { key: appToken, body: { token: 'redirect-to-metadata' } });
    expect(redirected.status).toBe(400);
    expect(redirected.body.message).toMatch(/169\.254\.169\.254 is a private or local address/);
    expect(api.seen.map((seen) => seen.path)).toEqual(['/raindrop/rest/v1/user']);
  });
});
