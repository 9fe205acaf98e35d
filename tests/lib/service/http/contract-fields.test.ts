/*
 * The fields of SPEC.md's resource tables, written out by hand from SPEC.md (not taken from
 * our schemas), checked against what the service answers over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, episode, isoDaysAgo, startHarness, type Harness } from '../harness';

type Kind = 'uuid' | 'string' | 'boolean' | 'integer' | 'timestamp' | 'array' | 'object';

// SPEC.md "Feed reference (inside items)".
const feedReference: Record<string, Kind> = { id: 'uuid', title: 'string', source_type: 'string', website: 'string' };

// SPEC.md "Item, list form".
const itemListForm: Record<string, Kind> = {
  id: 'uuid', title: 'string', feeds: 'array', item_type: 'string', media_url: 'string', published_at: 'timestamp',
  canonical_url: 'string', is_read: 'boolean', is_saved: 'boolean', is_global: 'boolean', summary: 'string',
  audio_url: 'string', duration_seconds: 'integer', episode_number: 'integer', episode_type: 'string',
  playback_position: 'integer', last_played_at: 'timestamp', artwork_url: 'string', explicit: 'boolean', description: 'string',
};

// SPEC.md "Item, detail form".
const itemDetailForm: Record<string, Kind> = {
  id: 'uuid', title: 'string', feeds: 'array', item_type: 'string', media_url: 'string', published_at: 'timestamp',
  is_read: 'boolean', is_saved: 'boolean', prefers_full_content: 'boolean', is_global: 'boolean', summary: 'string',
  ai_summary: 'string', author: 'string', canonical_url: 'string', tags: 'array', content: 'string', notes: 'string',
  reading_time: 'integer', suggested_tags: 'array', platform_metadata: 'object', audio_url: 'string',
  duration_seconds: 'integer', episode_number: 'integer', episode_type: 'string', playback_position: 'integer',
  last_played_at: 'timestamp', description: 'string', artwork_url: 'string', explicit: 'boolean',
};

// SPEC.md "tags: array of tag (id uuid, name string, item_count integer)".
const tag: Record<string, Kind> = { id: 'uuid', name: 'string', item_count: 'integer' };

// SPEC.md "Pagination object".
const pagination: Record<string, Kind> = { total: 'integer', limit: 'integer', offset: 'integer', has_more: 'boolean', next_cursor: 'string' };

// SPEC.md "Playback progress result".
const playbackResult: Record<string, Kind> = { playback_position: 'integer', last_played_at: 'timestamp', is_read: 'boolean', completed: 'boolean' };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// ISO 8601 with an offset; DESIGN.md: the service answers with Z.
const timestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function matchesKind(value: unknown, kind: Kind): boolean {
  switch (kind) {
    case 'uuid': return typeof value === 'string' && uuid.test(value);
    case 'timestamp': return typeof value === 'string' && timestamp.test(value);
    case 'integer': return Number.isInteger(value);
    case 'array': return Array.isArray(value);
    case 'object': return typeof value === 'object' && value !== null && !Array.isArray(value);
    default: return typeof value === kind;
  }
}

/** Every field of the table is present (never omitted), null or of its type; no field beyond the table. */
function expectForm(record: Record<string, unknown>, form: Record<string, Kind>, nonNull: string[] = []): void {
  expect(Object.keys(record).sort()).toEqual(Object.keys(form).sort());
  for (const [field, kind] of Object.entries(form)) {
    const value = record[field];
    if (value === null && !nonNull.includes(field)) continue;
    expect(matchesKind(value, kind), `${field} = ${JSON.stringify(value)} should be ${kind}`).toBe(true);
  }
}

let h: Harness;
let key: string;
let articleId: string;
let episodeId: string;
let playbackBody: Record<string, unknown>;

beforeAll(async () => {
  h = await startHarness();
  const account = await h.createUser({ plan: 'pro' });
  key = account.key;
  [episodeId] = (await h.seedSubscription(account.user, [episode({ published_at: isoDaysAgo(2) })], { source_type: 'podcast', title: 'The Show' })).itemIds;
  [articleId] = (await h.seedSubscription(account.user, [article({ published_at: isoDaysAgo(1) })], { title: 'The Blog' })).itemIds;
  await h.call('PATCH', `/v1/items/${articleId}`, { key, body: { tags: ['kept'], notes: 'a note' } });
  playbackBody = (await h.call('POST', `/v1/items/${episodeId}/playback-progress`, { key, body: { position_seconds: 30 } })).body;
});
afterAll(async () => { await h.stop(); });

// Fields an item of each type always has a value for, given the seeded data.
const alwaysSet = ['id', 'title', 'feeds', 'item_type', 'published_at', 'is_read', 'is_saved', 'is_global', 'canonical_url', 'summary'];
const episodeSet = [...alwaysSet, 'audio_url', 'duration_seconds', 'episode_number', 'episode_type', 'playback_position', 'last_played_at', 'artwork_url', 'explicit', 'description'];

describe('responses carry every field of SPEC.md’s tables', () => {
  it('item list form, with feed references and pagination', async () => {
    const answer = await h.call('GET', '/v1/items', { key, query: { limit: 1 } });
    expect(Object.keys(answer.body).sort()).toEqual(['data', 'pagination']);
    expectForm(answer.body.pagination, pagination, ['total', 'limit', 'offset', 'has_more', 'next_cursor']);

    const all = (await h.call('GET', '/v1/items', { key })).body.data as Record<string, unknown>[];
    const byId = new Map(all.map((item) => [item.id, item]));
    expectForm(byId.get(articleId)!, itemListForm, alwaysSet);
    expectForm(byId.get(episodeId)!, itemListForm, episodeSet);
    for (const item of all) {
      for (const reference of item.feeds as Record<string, unknown>[]) expectForm(reference, feedReference, ['id', 'title', 'source_type']);
    }
    expect((byId.get(episodeId)!.feeds as { source_type: string }[])[0].source_type).toBe('podcast');
    expect(byId.get(articleId)!.audio_url).toBeNull();
  });

  it('item detail form of an article, with tags', async () => {
    const detail = (await h.call('GET', `/v1/items/${articleId}`, { key })).body;
    expectForm(detail, itemDetailForm, [...alwaysSet, 'author', 'content', 'notes', 'reading_time', 'tags', 'suggested_tags', 'platform_metadata', 'prefers_full_content']);
    expect(detail.tags).toHaveLength(1);
    expectForm(detail.tags[0], tag, Object.keys(tag));
    expect(detail.suggested_tags.every((name: unknown) => typeof name === 'string')).toBe(true);
  });

  it('item detail form of an episode', async () => {
    const detail = (await h.call('GET', `/v1/items/${episodeId}`, { key })).body;
    expectForm(detail, itemDetailForm, [...episodeSet, 'tags', 'suggested_tags', 'platform_metadata', 'prefers_full_content']);
    expect(detail.notes).toBeNull();
  });

  it('item detail form as the result of PATCH /v1/items/{id}', async () => {
    const detail = (await h.call('PATCH', `/v1/items/${articleId}`, { key, body: { is_saved: true } })).body;
    expectForm(detail, itemDetailForm, alwaysSet);
  });

  it('playback progress result', () => {
    expectForm(playbackBody, playbackResult, Object.keys(playbackResult));
  });

  it('message result of PUT and PATCH /v1/items', async () => {
    const marked = await h.call('PUT', '/v1/items', { key, body: { is_read: false } });
    expect(Object.keys(marked.body)).toEqual(['message']);
    const bulk = await h.call('PATCH', '/v1/items', { key, body: { item_ids: [articleId], action: 'mark_read' } });
    expect(Object.keys(bulk.body)).toEqual(['message']);
  });

  it('answers JSON with the application/json content type', async () => {
    const answer = await h.call('GET', '/v1/items', { key });
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
