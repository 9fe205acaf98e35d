/*
 * Remote mode trusts no HTML: a stand-in hosted service on 127.0.0.1 serves an item with
 * script, event handlers, javascript: links and a foreign iframe; what the proxy, the
 * reader's first load and the share page hand on has none of it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import SharedItemPage from '@/app/share/[token]/page';
import { itemFirstLoad } from '@/lib/server/first-load';
import { proxy } from '@/lib/server/proxy';
import { sanitizeRemoteItem, sanitizeRemoteJson } from '@/lib/server/remote-html';
import { handleSignIn } from '@/lib/server/session-routes';
import { createShareLink } from '@/lib/server/share-links';
import { hostileHtml, hostileItem, hostileItemId, htmlPageItemId, startFakeService, type FakeService } from './fake-service';

vi.mock('server-only', () => ({}));
const page = vi.hoisted(() => ({ cookie: '' }));
// The reader's first load reads the session cookie from the page request's headers.
vi.mock('next/headers', () => ({ headers: async () => new Headers({ cookie: page.cookie }) }));

const operatorKey = 'tid_live_OperatorKeyOfTheHostedServiceForHtml01';
const appOrigin = 'http://127.0.0.1:3000';
const password = 'correct horse battery';

let fake: FakeService;
let dataDir: string;

/** Whatever a hostile service put in, none of what could run script or frame another site. */
function expectHarmless(text: string): void {
  expect(text).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<form|evil\.example|alert\(/i);
}

function call(pathAndQuery: string): Promise<Response> {
  const url = new URL(`/api${pathAndQuery}`, appOrigin);
  const segments = url.pathname.replace(/^\/api\/v1\//, '').split('/').map(decodeURIComponent);
  return proxy(new Request(url, { headers: { cookie: page.cookie } }), segments);
}

beforeAll(async () => {
  fake = await startFakeService([operatorKey]);
  dataDir = mkdtempSync(path.join(tmpdir(), 'tidings-remote-html-'));
  Object.assign(process.env, { TIDINGS_DATA_DIR: dataDir, FEED_API_BASE_URL: fake.url, FEED_API_KEY: operatorKey, TIDINGS_APP_PASSWORD: password });
  const signedIn = await handleSignIn(new Request(`${appOrigin}/api/session`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.77' },
    body: JSON.stringify({ password }),
  }));
  expect(signedIn.status).toBe(200);
  page.cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0];
});

afterAll(async () => {
  delete process.env.FEED_API_BASE_URL;
  delete process.env.FEED_API_KEY;
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('item HTML from a hosted service', () => {
  it('reaches the browser through the proxy sanitized as ingest sanitizes it, links only http(s)', async () => {
    const answer = await call(`/v1/items/${hostileItemId}`);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expectHarmless(text);
    const item = JSON.parse(text);
    expect(item.content).toContain('<p>Hello <b>reader</b></p>');
    expect(item.content).toContain('src="https://img.example/x.png"');
    expect(item.description).toContain('<b>reader</b>');
    expect(item.audio_url).toBeNull();
    expect(item.feeds[0].website).toBeNull();
    expect(item.canonical_url).toBe('https://news.example/hostile');
    expect(item.summary).toBe('Plain summary');
  });

  it('is sanitized in every list that carries items: the river and search', async () => {
    for (const pathAndQuery of ['/v1/items?q=hostile', '/v1/search?q=hostile']) {
      const answer = await call(pathAndQuery);
      expect(answer.status, pathAndQuery).toBe(200);
      const text = await answer.text();
      expectHarmless(text);
      expect(JSON.parse(text).data[0].content).toContain('<b>reader</b>');
    }
  });

  it('never reaches the browser as an HTML page, whatever type the service claims', async () => {
    const answer = await call(`/v1/items/${htmlPageItemId}`);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('is sanitized in the reader’s first load on the server', async () => {
    const seed = await itemFirstLoad(hostileItemId);
    const detail = Object.values(seed).find((value) => (value as { id?: string })?.id === hostileItemId) as { content: string } | undefined;
    expect(detail?.content).toContain('<b>reader</b>');
    expectHarmless(JSON.stringify(seed));
  });

  it('is sanitized on the share page a visitor opens', async () => {
    const link = await createShareLink({ kind: 'installation' }, hostileItemId, null);
    const element = await SharedItemPage({ params: Promise.resolve({ token: link.url.replace('/share/', '') }) });
    const markup = renderToStaticMarkup(element);
    expect(markup).toContain('<b>reader</b>');
    expectHarmless(markup);
  });

  it('is made harmless by sanitizeRemoteItem, for items kept or read elsewhere', () => {
    const raw = hostileItem();
    const clean = sanitizeRemoteItem(raw);
    expectHarmless(JSON.stringify(clean));
    expect(clean.content).toContain('<b>reader</b>');
    expect(raw.content).toContain('<script>');
    // A key spelt with JSON escapes is still an item.
    const escaped = JSON.stringify({ data: [raw] }).replace(/"item_type"/g, '"item\\u005ftype"');
    expectHarmless(sanitizeRemoteJson(escaped));
  });

  it('is sanitized when the service leaves item_type out, in a detail, a list or a full-content preview, while a subscription’s description stays text', () => {
    const untyped: Partial<ReturnType<typeof hostileItem>> = hostileItem();
    delete untyped.item_type;
    const answers = [untyped, { data: [untyped] }, { item_id: hostileItemId, item_title: 'x', url: 'https://news.example/', content: hostileHtml, text_length: 5, message: null }];
    for (const answer of answers) expectHarmless(sanitizeRemoteJson(JSON.stringify(answer)));
    const subscription = { id: hostileItemId, source_type: 'rss', title: 'Tom & Jerry', description: 'Cats & <mice>' };
    expect(JSON.parse(sanitizeRemoteJson(JSON.stringify(subscription)))).toEqual(subscription);
  });
});
