import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, startHarness, type Harness, type TestUser } from '../../harness';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.stop(); });

const wordsRule = { fields: ['title'], match: 'any_words', words: ['Rust'], action: 'mark_read' };

async function create(u: TestUser, body: unknown) {
  return h.call('POST', '/v1/rules', { key: u.appToken, body });
}

describe('rules: making, listing, changing and deleting', () => {
  it('creates a rule with every field present, lists it, changes it and deletes it', async () => {
    const u = await h.createUser();
    const created = await create(u, wordsRule);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String), subscription_id: null, fields: ['title'], match: 'any_words', words: ['Rust'], pattern: null,
      action: 'mark_read', tag: null, is_active: true, created_at: expect.any(String), updated_at: expect.any(String),
    });
    expect((await h.call('GET', '/v1/rules', { key: u.appToken })).body.data).toEqual([created.body]);

    const changed = await h.call('PATCH', `/v1/rules/${created.body.id}`, { key: u.appToken, body: { action: 'tag', tag: 'rust', is_active: false } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ action: 'tag', tag: 'rust', is_active: false, words: ['Rust'] });

    const deleted = await h.call('DELETE', `/v1/rules/${created.body.id}`, { key: u.appToken });
    expect(deleted.status).toBe(200);
    expect((await h.call('GET', '/v1/rules', { key: u.appToken })).body.data).toEqual([]);
    expect((await h.call('DELETE', `/v1/rules/${created.body.id}`, { key: u.appToken })).status).toBe(404);
  });

  it('lists rules oldest first, the order they run in, and keeps each user\'s rules to themselves', async () => {
    const u = await h.createUser();
    const other = await h.createUser();
    const first = await create(u, { ...wordsRule, words: ['one'] });
    const second = await create(u, { ...wordsRule, words: ['two'] });
    expect((await h.call('GET', '/v1/rules', { key: u.appToken })).body.data.map((rule: { id: string }) => rule.id))
      .toEqual([first.body.id, second.body.id]);
    expect((await h.call('GET', '/v1/rules', { key: other.appToken })).body.data).toEqual([]);
    expect((await h.call('PATCH', `/v1/rules/${first.body.id}`, { key: other.appToken, body: { is_active: false } })).status).toBe(404);
  });

  it('scopes a rule to one of the user\'s subscriptions, and answers 404 for a subscription the user lacks', async () => {
    const u = await h.createUser();
    const { subscriptionId } = await h.seedSubscription(u.user, []);
    expect((await create(u, { ...wordsRule, subscription_id: subscriptionId })).body.subscription_id).toBe(subscriptionId);
    const stranger = await h.createUser();
    const missing = await create(stranger, { ...wordsRule, subscription_id: subscriptionId });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(`No subscription with id ${subscriptionId} exists (subscription_id).`);
  });
});

describe('rules in the interface', () => {
  it('are first-party operations of the OpenAPI document', async () => {
    const doc = (await h.call('GET', '/v1/openapi.json')).body;
    for (const [path, method] of [['/v1/rules', 'get'], ['/v1/rules', 'post'], ['/v1/rules/preview', 'post'], ['/v1/rules/{rule_id}', 'patch'],
      ['/v1/rules/{rule_id}', 'delete'], ['/v1/rules/{rule_id}/apply', 'post'], ['/v1/rules/{rule_id}/unhide', 'post']]) {
      expect(doc.paths[path]?.[method]?.tags).toEqual(['first-party']);
    }
  });

  it('answer 403 to an API key', async () => {
    const u = await h.createUser();
    expect((await h.call('GET', '/v1/rules', { key: u.key })).status).toBe(403);
  });
});

describe('rules: what is refused', () => {
  it('refuses an invalid pattern with a 422 sentence and stores nothing', async () => {
    const u = await h.createUser();
    const answer = await create(u, { fields: ['title'], match: 'pattern', pattern: '(rust', action: 'hide' });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('pattern is not a valid regular expression (/(rust/: Unterminated group).');
    expect((await h.call('GET', '/v1/rules', { key: u.appToken })).body.data).toEqual([]);
  });

  it('refuses a pattern that cannot run in linear time (a backreference, a lookaround) with a 422 sentence', async () => {
    const u = await h.createUser();
    for (const pattern of ['(a+)\\1', '(?<=rust)y', '(?=a)+b']) {
      const answer = await create(u, { fields: ['content'], match: 'pattern', pattern, action: 'hide' });
      expect(answer.status).toBe(422);
      expect(answer.body.message).toMatch(/^pattern could be slow on some text \(backreferences and lookarounds cannot run in linear time\)/);
    }
    expect((await h.call('GET', '/v1/rules', { key: u.appToken })).body.data).toEqual([]);
  });

  it('accepts a pattern with nested quantifiers, and runs it in linear time on the text that would make it backtrack', async () => {
    const u = await h.createUser();
    const { itemIds } = await h.seedSubscription(u.user, [article({ title: `${'a'.repeat(50_000)}!` })]);
    const created = await create(u, { fields: ['title'], match: 'pattern', pattern: '^(a+)+$', action: 'save' });
    expect(created.status).toBe(201);
    const started = performance.now();
    const applied = await h.call('POST', `/v1/rules/${created.body.id}/apply`, { key: u.appToken });
    // A backtracking engine would need 2^50,000 steps here; the linear one answers at once.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(applied.body).toMatchObject({ match_count: 0, change_count: 0 });
    expect((await h.call('GET', `/v1/items/${itemIds[0]}`, { key: u.key })).body.is_saved).toBe(false);
  });

  it('answers one sentence per missing part: words for a word match, a pattern for a pattern, a tag for tagging', async () => {
    const u = await h.createUser();
    const answer = await create(u, { fields: ['title'], match: 'all_words', words: [], action: 'tag' });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe("words must have at least one word when match is 'all_words'. tag is required when action is 'tag'.");
    const noPattern = await create(u, { fields: ['title'], match: 'pattern', action: 'hide' });
    expect(noPattern.body.message).toBe("pattern is required when match is 'pattern'.");
    const badShape = await create(u, { fields: [], match: 'some', action: 'delete' });
    expect(badShape.status).toBe(422);
    expect(badShape.body.message).toBe("fields must have at least 1 entry. match must be one of 'any_words', 'all_words', 'pattern'. action must be one of 'mark_read', 'save', 'tag', 'hide'.");
  });

  it('refuses a change that would leave the rule incomplete and keeps the rule as it was', async () => {
    const u = await h.createUser();
    const created = await create(u, wordsRule);
    const answer = await h.call('PATCH', `/v1/rules/${created.body.id}`, { key: u.appToken, body: { match: 'pattern' } });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe("pattern is required when match is 'pattern'.");
    expect((await h.call('GET', '/v1/rules', { key: u.appToken })).body.data).toEqual([created.body]);
  });
});

describe('rules: preview and run over existing items', () => {
  it('previews a rule without saving it or changing any item: the count, how many would change and the newest matches', async () => {
    const u = await h.createUser();
    const { itemIds } = await h.seedSubscription(u.user, [
      article({ title: 'Rust 1.80 released', published_at: '2026-11-01T10:00:00Z' }),
      article({ title: 'Trusty old tools', published_at: '2026-11-02T10:00:00Z' }),
      article({ title: 'Why RUST?', published_at: '2026-11-03T10:00:00Z' }),
    ], { title: 'Lang news' });
    await h.call('PATCH', `/v1/items/${itemIds[0]}`, { key: u.key, body: { is_read: true } });
    const preview = await h.call('POST', '/v1/rules/preview', { key: u.appToken, body: wordsRule });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      match_count: 2, change_count: 1,
      items: [
        { id: itemIds[2], title: 'Why RUST?', published_at: '2026-11-03T10:00:00Z', feed_title: 'Lang news' },
        { id: itemIds[0], title: 'Rust 1.80 released', published_at: '2026-11-01T10:00:00Z', feed_title: 'Lang news' },
      ],
    });
    expect((await h.call('GET', '/v1/rules', { key: u.appToken })).body.data).toEqual([]);
    expect((await h.call('GET', `/v1/items/${itemIds[2]}`, { key: u.key })).body.is_read).toBe(false);
  });

  it('matches all words across the chosen fields, phrases as a whole, and patterns within one field', async () => {
    const u = await h.createUser();
    await h.seedSubscription(u.user, [
      article({ title: 'Machine learning today', author: 'Grace Hopper', content: '<p>On <b>compilers</b>.</p>' }),
      article({ title: 'A learning machine', author: 'Grace Hopper', content: '<p>Nothing.</p>' }),
    ]);
    const count = async (body: object) => (await h.call('POST', '/v1/rules/preview', { key: u.appToken, body: { action: 'mark_read', ...body } })).body.match_count;
    expect(await count({ fields: ['title'], match: 'any_words', words: ['machine learning'] })).toBe(1);
    expect(await count({ fields: ['title', 'author', 'content'], match: 'all_words', words: ['hopper', 'compilers'] })).toBe(1);
    expect(await count({ fields: ['title', 'author'], match: 'all_words', words: ['hopper', 'machine'] })).toBe(2);
    expect(await count({ fields: ['author'], match: 'pattern', pattern: '^grace\\s+H' })).toBe(2);
    expect(await count({ fields: ['link'], match: 'pattern', pattern: 'example\\.com/posts/' })).toBe(2);
  });

  it('runs a rule once over the existing items of its subscription only, and says how many it changed', async () => {
    const u = await h.createUser();
    const inScope = await h.seedSubscription(u.user, [article({ title: 'Rust news' }), article({ title: 'Go news' })]);
    const outOfScope = await h.seedSubscription(u.user, [article({ title: 'Rust elsewhere' })]);
    const rule = await create(u, { ...wordsRule, action: 'tag', tag: 'Rusty', subscription_id: inScope.subscriptionId });
    const applied = await h.call('POST', `/v1/rules/${rule.body.id}/apply`, { key: u.appToken });
    expect(applied.status).toBe(200);
    expect(applied.body).toEqual({ match_count: 1, change_count: 1, message: 'The rule matched 1 item; 1 item was tagged.' });
    expect((await h.call('GET', `/v1/items/${inScope.itemIds[0]}`, { key: u.key })).body.tags.map((tag: { name: string }) => tag.name)).toEqual(['Rusty']);
    expect((await h.call('GET', `/v1/items/${outOfScope.itemIds[0]}`, { key: u.key })).body.tags).toEqual([]);
    const again = await h.call('POST', `/v1/rules/${rule.body.id}/apply`, { key: u.appToken });
    expect(again.body).toMatchObject({ match_count: 1, change_count: 0 });
  });

  it('saves matching items only while the plan has room for them', async () => {
    const u = await h.createUser({ plan: 'free' });
    await h.seedSubscription(u.user, Array.from({ length: 102 }, () => article({ title: 'Rust again' })));
    const rule = await create(u, { ...wordsRule, action: 'save' });
    const applied = await h.call('POST', `/v1/rules/${rule.body.id}/apply`, { key: u.appToken });
    expect(applied.body).toMatchObject({ match_count: 102, change_count: 100 });
  });
});

describe('rules: hidden items', () => {
  it('keeps a hidden item out of the lists and counts, but search still finds it and it still opens', async () => {
    const u = await h.createUser();
    const { subscriptionId, itemIds } = await h.seedSubscription(u.user, [
      article({ title: 'Sponsored: buy a blender' }), article({ title: 'A post about blenders worth reading' }),
    ]);
    const rule = await create(u, { fields: ['title'], match: 'pattern', pattern: '^sponsored:', action: 'hide' });
    expect((await h.call('POST', `/v1/rules/${rule.body.id}/apply`, { key: u.appToken })).body)
      .toMatchObject({ match_count: 1, change_count: 1, message: 'The rule matched 1 item; 1 item was hidden.' });

    const list = await h.call('GET', '/v1/items', { key: u.key });
    expect(list.body.data.map((item: { id: string }) => item.id)).toEqual([itemIds[1]]);
    expect(list.body.pagination.total).toBe(1);
    const subscription = await h.call('GET', `/v1/subscriptions/${subscriptionId}`, { key: u.key });
    expect(subscription.body.unread_count).toBe(1);
    const listSearch = await h.call('GET', '/v1/items', { key: u.key, query: { q: 'blender' } });
    expect(listSearch.body.data.map((item: { id: string }) => item.id)).toEqual([itemIds[1]]);

    const search = await h.call('GET', '/v1/search', { key: u.key, query: { q: 'sponsored blender' } });
    expect(search.status).toBe(200);
    expect(search.body.data.map((hit: { data: { id: string } }) => hit.data.id)).toEqual([itemIds[0]]);
    const opened = await h.call('GET', `/v1/items/${itemIds[0]}`, { key: u.key });
    expect(opened.status).toBe(200);
    expect(opened.body.title).toBe('Sponsored: buy a blender');

    // Nothing left to hide: the preview no longer sees it.
    expect((await h.call('POST', '/v1/rules/preview', { key: u.appToken, body: { ...rule.body, id: undefined, created_at: undefined, updated_at: undefined } })).body.match_count).toBe(0);
  });

  it('shows the items a rule hid again on request, read or unread as they were', async () => {
    const u = await h.createUser();
    const { subscriptionId, itemIds } = await h.seedSubscription(u.user, [article({ title: 'Rust read' }), article({ title: 'Rust unread' }), article({ title: 'Go' })]);
    await h.call('PATCH', `/v1/items/${itemIds[0]}`, { key: u.key, body: { is_read: true } });
    const rule = await create(u, { ...wordsRule, action: 'hide' });
    await h.call('POST', `/v1/rules/${rule.body.id}/apply`, { key: u.appToken });
    expect((await h.call('GET', '/v1/items', { key: u.key })).body.data).toHaveLength(1);

    const shown = await h.call('POST', `/v1/rules/${rule.body.id}/unhide`, { key: u.appToken });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ match_count: 2, change_count: 2, message: '2 items the rule hid are shown again.' });
    const listed = (await h.call('GET', '/v1/items', { key: u.key })).body.data as { title: string; is_read: boolean }[];
    expect(Object.fromEntries(listed.map((item) => [item.title, item.is_read]))).toEqual({ 'Rust read': true, 'Rust unread': false, Go: false });
    expect((await h.call('GET', `/v1/subscriptions/${subscriptionId}`, { key: u.key })).body.unread_count).toBe(2);
    expect((await h.call('POST', `/v1/rules/${rule.body.id}/unhide`, { key: u.appToken })).body.message).toBe('The rule has hidden no items.');
  });

  it('never hides a saved item', async () => {
    const u = await h.createUser();
    const { itemIds } = await h.seedSubscription(u.user, [article({ title: 'Rust kept' })]);
    await h.call('PATCH', `/v1/items/${itemIds[0]}`, { key: u.key, body: { is_saved: true } });
    const rule = await create(u, { ...wordsRule, action: 'hide' });
    expect((await h.call('POST', `/v1/rules/${rule.body.id}/apply`, { key: u.appToken })).body).toMatchObject({ match_count: 1, change_count: 0 });
    expect((await h.call('GET', '/v1/items', { key: u.key })).body.data).toHaveLength(1);
  });
});
