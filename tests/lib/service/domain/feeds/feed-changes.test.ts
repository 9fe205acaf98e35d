/*
 * What a refresh does with a feed that changed what it already said: a renamed channel or a moved
 * site, an item edited in place. Real service, feeds served from 127.0.0.1, checked through /v1
 * and Google Reader's /greader alike.
 */
import { describe, expect, it } from 'vitest';
import { refreshFeed } from '@/lib/service/domain/feeds/refresh-feed';
import type { TestUser } from '../../harness';
import { harnessWithFeedSite } from '../../harness-with-feed-site';

const { harness, site } = harnessWithFeedSite();

type Post = { guid: string; title: string; body: string; hoursAgo: number };

/** An RSS document with a channel title and site link of our choosing. */
function channel(title: string, link: string, posts: Post[]): string {
  const items = posts.map((post) => `<item><guid isPermaLink="false">${post.guid}</guid><title>${post.title}</title>
    <link>https://example.org/${post.guid}</link><description>&lt;p&gt;${post.body}&lt;/p&gt;</description>
    <pubDate>${new Date(Date.now() - post.hoursAgo * 3_600_000).toUTCString()}</pubDate></item>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${title}</title><link>${link}</link>
<description>d</description>${items}</channel></rss>`;
}

function serve(path: string, title: string, link: string, posts: Post[]): string {
  return site.route(path, (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'no-store' });
    response.end(channel(title, link, posts));
  });
}

async function subscribe(account: TestUser, url: string) {
  const answer = await harness().call('POST', '/v1/subscriptions', { key: account.key, body: { url } });
  expect(answer.status).toBe(201);
  const feedId = harness().service.db.prepare('SELECT feed_id FROM subscriptions WHERE id = ?').pluck().get(answer.body.subscription_id) as string;
  return { subscriptionId: answer.body.subscription_id as string, feedId };
}

async function greaderAuth(email: string, key: string): Promise<string> {
  const login = await fetch(`${harness().baseUrl}/greader/accounts/ClientLogin`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ Email: email, Passwd: key }).toString(),
  });
  return /Auth=(\S+)/.exec(await login.text())![1];
}

async function greaderList(auth: string) {
  const answer = await fetch(`${harness().baseUrl}/greader/reader/api/0/subscription/list?output=json`, { headers: { authorization: `GoogleLogin auth=${auth}` } });
  return (await answer.json()).subscriptions as { url: string; title: string; htmlUrl: string }[];
}

describe('a channel that renames itself or moves its site', () => {
  it('is shown with its new title and site link after the next fetch, in /v1 and Google Reader, but a subscriber\'s own title stays', async () => {
    const posts = [{ guid: 'm1', title: 'Metadata item', body: 'One.', hoursAgo: 2 }];
    const url = serve('/moving.xml', 'Old Name', 'https://old.example/', posts);
    const follower = await harness().createUser({ plan: 'pro', email: 'follower@example.com' });
    const namer = await harness().createUser({ plan: 'pro' });
    const { feedId, subscriptionId } = await subscribe(follower, url);
    const named = await subscribe(namer, url);
    expect((await harness().call('PATCH', `/v1/subscriptions/${named.subscriptionId}`, { key: namer.key, body: { title: 'My Own Name' } })).status).toBe(200);

    serve('/moving.xml', 'New Name', 'https://new.example/', posts);
    expect(await refreshFeed(harness().service, feedId)).toMatchObject({ result: 'updated' });

    const followed = await harness().call('GET', `/v1/subscriptions/${subscriptionId}`, { key: follower.key });
    expect(followed.body).toMatchObject({ title: 'New Name', website: 'https://new.example/' });
    const mine = await harness().call('GET', `/v1/subscriptions/${named.subscriptionId}`, { key: namer.key });
    expect(mine.body).toMatchObject({ title: 'My Own Name', website: 'https://new.example/' });
    const item = (await harness().call('GET', '/v1/items', { key: follower.key })).body.data[0];
    expect(item.feeds[0]).toMatchObject({ title: 'New Name', website: 'https://new.example/' });

    const auth = await greaderAuth('follower@example.com', follower.key);
    expect(await greaderList(auth)).toEqual([expect.objectContaining({ url, title: 'New Name', htmlUrl: 'https://new.example/' })]);
  });
});

describe('an item its feed edits in place', () => {
  it('is updated on the next refresh (title, text, search), keeping its read, saved and tag state, in /v1 and Google Reader', async () => {
    const first = { guid: 'edit-1', title: 'ORIGINAL headline', body: 'First wording.', hoursAgo: 3 };
    const other = { guid: 'edit-2', title: 'Untouched neighbour', body: 'Stays.', hoursAgo: 4 };
    const url = serve('/edits.xml', 'Edits', 'https://edits.example/', [first, other]);
    const reader = await harness().createUser({ plan: 'pro', email: 'reader@example.com' });
    const { feedId } = await subscribe(reader, url);
    const listed = (await harness().call('GET', '/v1/items', { key: reader.key })).body.data as { id: string; title: string }[];
    const itemId = listed.find((item) => item.title === 'ORIGINAL headline')!.id;
    const marked = await harness().call('PATCH', `/v1/items/${itemId}`, { key: reader.key, body: { is_read: true, is_saved: true, tags: ['Keep'] } });
    expect(marked.status).toBe(200);

    serve('/edits.xml', 'Edits', 'https://edits.example/', [{ ...first, title: 'CHANGED headline', body: 'Second wording.' }, other]);
    expect(await refreshFeed(harness().service, feedId)).toMatchObject({ result: 'updated', added: 0, changed: 1 });

    const detail = (await harness().call('GET', `/v1/items/${itemId}`, { key: reader.key })).body;
    expect(detail).toMatchObject({ title: 'CHANGED headline', is_read: true, is_saved: true, tags: [expect.objectContaining({ name: 'Keep' })] });
    expect(detail.content).toContain('Second wording.');
    expect(detail.content).not.toContain('First wording.');
    const found = await harness().call('GET', '/v1/items', { key: reader.key, query: { q: 'wording' } });
    expect(found.body.data.map((item: { title: string }) => item.title)).toEqual(['CHANGED headline']);
    expect((await harness().call('GET', '/v1/items', { key: reader.key })).body.data).toHaveLength(2);

    const auth = await greaderAuth('reader@example.com', reader.key);
    const contents = await fetch(`${harness().baseUrl}/greader/reader/api/0/stream/contents/${encodeURIComponent(`feed/${url}`)}?n=10`, {
      headers: { authorization: `GoogleLogin auth=${auth}` },
    });
    const edited = (await contents.json()).items.find((item: { title: string }) => item.title === 'CHANGED headline');
    expect(edited.categories).toEqual(expect.arrayContaining([
      'user/-/state/com.google/read', 'user/-/state/com.google/starred', 'user/-/label/Keep',
    ]));

    // Fetched again as it is: nothing more changes.
    expect((await refreshFeed(harness().service, feedId)).changed).toBeUndefined();
  });

  it('is compared by what it shows when it was stored before fingerprints were kept, and changed only when that differs', async () => {
    const post = { guid: 'legacy-1', title: 'Legacy headline', body: 'Old text.', hoursAgo: 3 };
    const url = serve('/legacy.xml', 'Legacy', 'https://legacy.example/', [post]);
    const reader = await harness().createUser({ plan: 'pro' });
    const { feedId } = await subscribe(reader, url);
    const forget = () => harness().service.db.prepare('UPDATE items SET source_hash = NULL WHERE feed_id = ?').run(feedId);

    forget();
    expect((await refreshFeed(harness().service, feedId)).changed).toBeUndefined();
    expect(harness().service.db.prepare('SELECT source_hash FROM items WHERE feed_id = ?').pluck().get(feedId)).toEqual(expect.any(String));

    forget();
    serve('/legacy.xml', 'Legacy', 'https://legacy.example/', [{ ...post, title: 'Legacy headline, corrected' }]);
    expect(await refreshFeed(harness().service, feedId)).toMatchObject({ changed: 1 });
    expect((await harness().call('GET', '/v1/items', { key: reader.key })).body.data.map((item: { title: string }) => item.title))
      .toEqual(['Legacy headline, corrected']);
  });
});
