/*
 * Unsubscribing through Google Reader's subscription/edit, against the real service and a feed
 * served from 127.0.0.1: the items the person starred or labelled stay theirs (in starred, their
 * label and the reading list), as /v1 keeps them; the rest go with the subscription.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { document, FeedServer, rss } from '../feed-server';
import { startHarness, type Harness } from '../harness';

let h: Harness;
let site: FeedServer;
let auth: string;

async function reader(method: 'GET' | 'POST', path: string, form?: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form ?? {})) for (const one of [value].flat()) body.append(name, one);
  const response = await fetch(`${h.baseUrl}/greader/reader/api/0${path}`, {
    method, headers: { authorization: `GoogleLogin auth=${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: form ? body.toString() : undefined,
  });
  const text = await response.text();
  return { status: response.status, text, json: (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : undefined };
}

const ids = async (stream: string) => ((await reader('GET', `/stream/items/ids?n=100&s=${encodeURIComponent(stream)}`)).json.itemRefs as { id: string }[]).map((ref) => ref.id).sort();

beforeAll(async () => {
  site = await new FeedServer().start();
  h = await startHarness({ allowPrivateUrls: true });
  const alice = await h.createUser({ plan: 'pro', email: 'alice@example.com' });
  const login = await fetch(`${h.baseUrl}/greader/accounts/ClientLogin`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ Email: 'alice@example.com', Passwd: alice.key }).toString(),
  });
  auth = /Auth=(\S+)/.exec(await login.text())![1];
});

afterAll(async () => {
  await h.stop();
  await site.stop();
});

describe('unsubscribing through Google Reader', () => {
  it('keeps the starred and labelled items in starred, their label and the reading list; the others go', async () => {
    const hourAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const url = site.route('/cleanup.xml', document(rss('Cleanup', [
      { guid: 'c1', title: 'Seed A', date: hourAgo(1) }, { guid: 'c2', title: 'Seed B', date: hourAgo(2) }, { guid: 'c3', title: 'Seed C', date: hourAgo(3) },
    ])));
    const feed = `feed/${url}`;
    expect((await reader('POST', '/subscription/edit', { ac: 'subscribe', s: feed })).text).toBe('OK');
    const [starred, labelled, plain] = (await reader('GET', `/stream/items/ids?n=10&s=${encodeURIComponent(feed)}`)).json.itemRefs.map((ref: { id: string }) => ref.id);
    expect((await reader('POST', '/edit-tag', { i: starred, a: 'user/-/state/com.google/starred' })).status).toBe(200);
    expect((await reader('POST', '/edit-tag', { i: labelled, a: 'user/-/label/Keepers' })).status).toBe(200);

    expect((await reader('POST', '/subscription/edit', { ac: 'unsubscribe', s: feed })).text).toBe('OK');
    expect((await reader('GET', '/subscription/list?output=json')).json.subscriptions).toEqual([]);
    expect(await ids(feed)).toEqual([]);
    expect(await ids('user/-/state/com.google/starred')).toEqual([starred]);
    expect(await ids('user/-/label/Keepers')).toEqual([labelled]);
    expect(await ids('user/-/state/com.google/reading-list')).toEqual([starred, labelled].sort());
    expect(await ids('user/-/state/com.google/reading-list')).not.toContain(plain);
  });
});
