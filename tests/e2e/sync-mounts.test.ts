import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';

/*
 * The production server answers the sync APIs where their clients call them, without a session:
 * Fever at /fever/?api (and /fever) without Next's trailing-slash redirect, which pages keep,
 * Google Reader with %2F-encoded stream ids in paths, and gpodder with Basic credentials. The key is made with the command line on
 * the server's own data directory.
 */
const email = 'sync-e2e@example.com';
let key = '';
function apiKey(): string {
  key ||= execFileSync(path.resolve('node_modules/.bin/tsx'), ['lib/service/cli/main.ts', 'key', 'create', '--email', email], {
    env: { ...process.env, TIDINGS_DATA_DIR: inject('dataDir') }, encoding: 'utf8',
  }).trim();
  return key;
}

describe('the sync APIs behind the production server', () => {
  it('answers /fever/?api and /fever?api in place, and still sends /inbox/ to /inbox', async () => {
    const base = inject('baseUrl');
    const feverKey = createHash('md5').update(`${email}:${apiKey()}`).digest('hex');
    for (const where of ['/fever/?api', '/fever?api']) {
      const answer = await fetch(`${base}${where}`, {
        method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `api_key=${feverKey}`,
      });
      expect(answer.status, where).toBe(200);
      expect(await answer.json(), where).toMatchObject({ api_version: 3, auth: 1 });
    }
    const stranger = await fetch(`${base}/fever/?api&feeds`, { redirect: 'manual' });
    expect(stranger.status).toBe(200);
    expect(await stranger.json()).toEqual({ api_version: 3, auth: 0 });

    const page = await fetch(`${base}/inbox/?view=all`, { redirect: 'manual' });
    expect(page.status).toBe(308);
    expect(new URL(page.headers.get('location')!, base).pathname + new URL(page.headers.get('location')!, base).search).toBe('/inbox?view=all');
  });

  it('signs in to /greader and routes stream ids with %2F in the path', async () => {
    const base = inject('baseUrl');
    const login = await fetch(`${base}/greader/accounts/ClientLogin`, {
      method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ Email: email, Passwd: apiKey() }).toString(),
    });
    expect(login.status).toBe(200);
    const auth = /Auth=(\S+)/.exec(await login.text())![1];
    const headers = { authorization: `GoogleLogin auth=${auth}` };
    const encoded = encodeURIComponent('feed/https://example.com/feed.xml?a=1');
    const contents = await fetch(`${base}/greader/reader/api/0/stream/contents/${encoded}?output=json`, { headers, redirect: 'manual' });
    expect(contents.status).toBe(200);
    expect(await contents.json()).toMatchObject({ id: 'feed/https://example.com/feed.xml?a=1', items: [] });
    const atom = await fetch(`${base}/greader/reader/atom/${encodeURIComponent('user/-/state/com.google/reading-list')}`, { headers, redirect: 'manual' });
    expect(atom.status).toBe(200);
    expect(await atom.text()).toContain('<id>tag:google.com,2005:reader/user/-/state/com.google/reading-list</id>');
    const stale = await fetch(`${base}/greader/reader/api/0/tag/list?output=json`, { headers: { authorization: 'GoogleLogin auth=stale' }, redirect: 'manual' });
    expect(stale.status).toBe(401);
    expect(stale.headers.get('x-reader-google-bad-token')).toBe('true');
  });

  it('asks gpodder clients for Basic credentials and answers them', async () => {
    const base = inject('baseUrl');
    const none = await fetch(`${base}/gpodder/api/2/auth/${email}/login.json`, { method: 'POST', redirect: 'manual' });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic/);
    const authorization = `Basic ${Buffer.from(`${email}:${apiKey()}`).toString('base64')}`;
    const login = await fetch(`${base}/gpodder/api/2/auth/${email}/login.json`, { method: 'POST', redirect: 'manual', headers: { authorization } });
    expect(login.status).toBe(200);
    const subscriptions = await fetch(`${base}/gpodder/api/2/subscriptions/${email}/phone.json?since=0`, { headers: { authorization } });
    expect(await subscriptions.json()).toMatchObject({ add: [], remove: [] });
    // gpodder's session cookie comes through Next and later calls ride it (mygpoclient needs it); the Simple API's PUT gets through.
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    expect(cookie).toMatch(/^sessionid=/);
    expect((await fetch(`${base}/gpodder/api/2/devices/${email}.json`, { headers: { cookie }, redirect: 'manual' })).status).toBe(200);
    const put = await fetch(`${base}/gpodder/subscriptions/${email}/phone.json`, { method: 'PUT', headers: { authorization }, body: '[]', redirect: 'manual' });
    expect(put.status).toBe(200);
  });

  it('answers gpodder API v2 at the root for AntennaPod, which drops the server path, beside the app\'s own /api routes', async () => {
    const base = inject('baseUrl');
    const none = await fetch(`${base}/api/2/auth/${email}/login.json`, { method: 'POST', redirect: 'manual' });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic/);
    const authorization = `Basic ${Buffer.from(`${email}:${apiKey()}`).toString('base64')}`;
    const login = await fetch(`${base}/api/2/auth/${email}/login.json`, { method: 'POST', redirect: 'manual', headers: { authorization }, body: '' });
    expect(login.status).toBe(200);
    const setCookie = login.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/; Path=\/api\/2;/);
    const cookie = setCookie.split(';')[0];
    const subscriptions = await fetch(`${base}/api/2/subscriptions/${email}/antennapod.json?since=0`, { headers: { cookie }, redirect: 'manual' });
    expect(await subscriptions.json()).toMatchObject({ add: [], remove: [] });
    const actions = await fetch(`${base}/api/2/episodes/${email}.json`, {
      method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '[]', redirect: 'manual',
    });
    expect(actions.status).toBe(200);
    // The app's own /api routes are untouched: a session route still wants a signed-in session.
    expect((await fetch(`${base}/api/feed-icons/00000000-0000-0000-0000-000000000000`, { redirect: 'manual' })).status).toBe(401);
  });
});
