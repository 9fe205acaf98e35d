/*
 * The gpodder Simple API's subscription list under /gpodder/subscriptions over real HTTP: bad
 * uploads get 400 and change nothing, and each API keeps its own upload method.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type TestUser } from '../harness';

let h: Harness;
let alice: TestUser;
const showUrl = 'https://podcasts.example.com/show.xml';

beforeAll(async () => {
  h = await startHarness();
  alice = await h.createUser({ plan: 'pro', email: 'alice@example.com' });
  await h.seedSubscription(alice.user, [], { title: 'The Show', url: showUrl, source_type: 'podcast' });
});

afterAll(async () => {
  await h.stop();
});

const authorization = () => `Basic ${Buffer.from(`alice@example.com:${alice.key}`).toString('base64')}`;

async function send(method: string, path: string, body?: string) {
  const response = await fetch(`${h.baseUrl}/gpodder${path}`, { method, headers: { authorization: authorization() }, body });
  return { status: response.status, text: await response.text() };
}

describe('gpodder Simple API subscriptions', () => {
  it('lists the account\'s podcasts for a device and for the whole account', async () => {
    expect(JSON.parse((await send('GET', '/subscriptions/alice@example.com/phone.json')).text)).toEqual([showUrl]);
    expect(JSON.parse((await send('GET', '/subscriptions/alice@example.com.json')).text)).toEqual([showUrl]);
  });

  it('refuses an upload that is not a list of URLs, or sent with the other API\'s method, and changes nothing', async () => {
    for (const body of ['{"add":[]}', 'not json', '["ftp://example.com/feed.xml"]', '[42]']) {
      expect(await send('PUT', '/subscriptions/alice@example.com/phone.json', body)).toMatchObject({ status: 400 });
    }
    expect((await send('PUT', '/subscriptions/alice@example.com.json', '[]')).status).toBe(400);
    expect((await send('POST', '/subscriptions/alice@example.com/phone.json', '[]')).status).toBe(405);
    expect((await send('PUT', '/api/2/subscriptions/alice@example.com/phone.json', '{"add":[],"remove":[]}')).status).toBe(405);
    expect(JSON.parse((await send('GET', '/subscriptions/alice@example.com/phone.json')).text)).toEqual([showUrl]);
  });
});
