/*
 * Unsubscribing through Google Reader's subscription/edit takes every item of the feed away, so the
 * person's Up Next arrangement of those episodes (places and removals) goes with them: following the
 * podcast again starts its queue afresh, newest first, rather than from the old places.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { episode, isoDaysAgo, startHarness, type Harness, type TestUser } from '../harness';

let h: Harness;
let alice: TestUser;
let auth: string;

async function unsubscribe(feedUrl: string) {
  const response = await fetch(`${h.baseUrl}/greader/reader/api/0/subscription/edit`, {
    method: 'POST',
    headers: { authorization: `GoogleLogin auth=${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ac: 'unsubscribe', s: `feed/${feedUrl}` }).toString(),
  });
  return { status: response.status, text: await response.text() };
}

const upNext = async () => ((await h.call('GET', '/v1/up-next', { key: alice.appToken })).body.data as { id: string }[]).map((item) => item.id);
const upNextRows = () => h.service.db.prepare('SELECT COUNT(*) FROM up_next WHERE user_id = ?').pluck().get(alice.user.id);

beforeAll(async () => {
  h = await startHarness();
  alice = await h.createUser({ plan: 'pro', email: 'alice@example.com' });
  auth = `alice@example.com/${alice.key}`;
});

afterAll(async () => {
  await h.stop();
});

describe('greader unsubscribe and Up Next', () => {
  it("drops the person's Up Next places and removals of the feed's episodes", async () => {
    const url = 'https://pod.example.com/feed.xml';
    const { feedId, itemIds } = await h.seedSubscription(alice.user, [
      episode({ published_at: isoDaysAgo(1) }), episode({ published_at: isoDaysAgo(2) }), episode({ published_at: isoDaysAgo(3) }),
    ], { url, source_type: 'podcast' });
    const [newest, middle, oldest] = itemIds;
    const other = await h.seedSubscription(alice.user, [episode()], { url: 'https://other.example.com/feed.xml', source_type: 'podcast' });
    expect((await h.call('PUT', '/v1/up-next', { key: alice.appToken, body: { item_ids: [oldest, middle] } })).status).toBe(200);
    expect((await h.call('DELETE', '/v1/up-next', { key: alice.appToken, body: { item_ids: [newest] } })).status).toBeLessThan(300);
    expect(await upNext()).toEqual([oldest, middle, other.itemIds[0]]);

    expect(await unsubscribe(url)).toEqual({ status: 200, text: 'OK' });
    expect(await upNext()).toEqual([other.itemIds[0]]);
    // Only the other podcast's episode keeps a row (its place, given by the arrangement above).
    expect(upNextRows()).toBe(1);

    await h.subscribe(alice.user, feedId);
    expect(await upNext()).toEqual([newest, middle, oldest, other.itemIds[0]]);
  });
});
