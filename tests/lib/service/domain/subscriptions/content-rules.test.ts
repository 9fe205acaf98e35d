import type http from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { refreshFeed } from '@/lib/service/domain/feeds/refresh-feed';
import { fullArticlesSettled } from '@/lib/service/domain/feeds/full-articles';
import { document } from '../../feed-server';
import { harnessWithFeedSite } from '../../harness-with-feed-site';

const { harness, site } = harnessWithFeedSite();

type Post = { slug: string; title: string; hoursAgo: number };

/** A feed that publishes summaries only: each item links to its article page on the local site. */
function summaryFeed(path: string, posts: Post[]) {
  const state = { posts };
  site.route(path, (_request, response) => {
    const items = state.posts.map((post) => `<item><guid>${path}-${post.slug}</guid><title>${post.title}</title>
      <link>${site.baseUrl}/articles${path}/${post.slug}</link><pubDate>${new Date(Date.now() - post.hoursAgo * 3_600_000).toUTCString()}</pubDate>
      <description>Only a teaser of ${post.title}.</description></item>`).join('\n');
    response.writeHead(200, { 'content-type': 'application/rss+xml' });
    response.end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Teasers</title><link>${site.baseUrl}/</link>
      <description>Summaries only</description>${items}</channel></rss>`);
  });
  return state;
}

const words = (text: string) => `<p>${`${text} `.repeat(10).trim()}</p>`;

/** An article page: navigation and a footer around the article, an ad and a share bar inside it. */
function articlePage(title: string): string {
  return `<!doctype html><html><head><title>${title}</title></head><body>
    <nav><a href="/">Home</a> <a href="/about">About us</a></nav>
    <main><div class="story"><h1>${title}</h1>
      ${words(`${title}: the whole story begins with the harbour at dawn.`)}
      <aside class="ad">Buy a boat today</aside>
      ${words('The fishermen counted the catch and the gulls counted the fishermen.')}
      <div class="share">Share on every network</div>
    </div></main>
    <footer>Copyright and the cookie banner</footer></body></html>`;
}

function servePage(path: string, html: string) {
  return site.route(path, document(html, 'text/html; charset=utf-8'));
}

async function subscribeTo(path: string, plan: 'free' | 'pro' = 'pro') {
  const { user, key, appToken } = await harness().createUser({ plan });
  const answer = await harness().call('POST', '/v1/subscriptions', { key, body: { url: `${site.baseUrl}${path}` } });
  expect(answer.status).toBe(201);
  const subscriptionId = answer.body.subscription_id as string;
  const feedId = harness().service.db.prepare('SELECT feed_id FROM subscriptions WHERE id = ?').pluck().get(subscriptionId) as string;
  return { user, key, appToken, subscriptionId, feedId, rules: `/v1/subscriptions/${subscriptionId}/content-rules` };
}

function itemIdOf(feedId: string, title: string): string {
  return harness().service.db.prepare('SELECT id FROM items WHERE feed_id = ? AND title = ?').pluck().get(feedId, title) as string;
}

describe('full-content rules', () => {
  it('are off with no selectors until set, and read back as saved', async () => {
    summaryFeed('/saved.xml', [{ slug: 'one', title: 'Harbour one', hoursAgo: 2 }]);
    servePage('/articles/saved.xml/one', articlePage('Harbour one'));
    const { appToken, subscriptionId, rules } = await subscribeTo('/saved.xml');

    const unset = await harness().call('GET', rules, { key: appToken });
    expect(unset.status).toBe(200);
    expect(unset.body).toEqual({ subscription_id: subscriptionId, full_content: false, content_selector: null, remove_selector: null });

    const put = await harness().call('PUT', rules, { key: appToken, body: { full_content: true, content_selector: ' .story ', remove_selector: '.ad, .share' } });
    expect(put.status).toBe(200);
    const saved = { subscription_id: subscriptionId, full_content: true, content_selector: '.story', remove_selector: '.ad, .share' };
    expect(put.body).toEqual(saved);
    expect((await harness().call('GET', rules, { key: appToken })).body).toEqual(saved);

    const blank = await harness().call('PUT', rules, { key: appToken, body: { full_content: false, content_selector: '  ' } });
    expect(blank.body).toEqual({ subscription_id: subscriptionId, full_content: false, content_selector: null, remove_selector: null });
  });

  it('preview applies the content selector and drops what the remove selector matches, saving nothing', async () => {
    summaryFeed('/preview.xml', [{ slug: 'old', title: 'Older harbour', hoursAgo: 5 }, { slug: 'new', title: 'Newest harbour', hoursAgo: 1 }]);
    servePage('/articles/preview.xml/old', articlePage('Older harbour'));
    servePage('/articles/preview.xml/new', articlePage('Newest harbour'));
    const { appToken, feedId, rules } = await subscribeTo('/preview.xml');

    const answer = await harness().call('POST', `${rules}/preview`, { key: appToken, body: { content_selector: '.story', remove_selector: '.ad, .share' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      item_id: itemIdOf(feedId, 'Newest harbour'), item_title: 'Newest harbour', url: `${site.baseUrl}/articles/preview.xml/new`, message: null,
    });
    expect(answer.body.content).toContain('Newest harbour: the whole story begins');
    expect(answer.body.content).toContain('the gulls counted the fishermen');
    expect(answer.body.content).not.toMatch(/Buy a boat|Share on every network|About us|cookie banner/);
    expect(answer.body.text_length).toBeGreaterThan(400);
    expect(answer.body.text_length).toBeLessThan(answer.body.content.length);

    const readability = await harness().call('POST', `${rules}/preview`, { key: appToken, body: {} });
    expect(readability.body.content).toContain('the gulls counted the fishermen');
    expect(readability.body.content).not.toMatch(/cookie banner/);

    const nothing = await harness().call('POST', `${rules}/preview`, { key: appToken, body: { content_selector: '.no-such-thing' } });
    expect(nothing.body).toMatchObject({ content: null, text_length: 0, message: 'The content selector matched no text on the page.' });

    // Nothing was kept: neither the rules nor an article on the item.
    expect((await harness().call('GET', rules, { key: appToken })).body).toMatchObject({ full_content: false, content_selector: null, remove_selector: null });
    const item = harness().service.db.prepare('SELECT full_content, platform_metadata FROM items WHERE id = ?').get(itemIdOf(feedId, 'Newest harbour')) as
      { full_content: string | null; platform_metadata: string };
    expect(item.full_content).toBeNull();
    expect(JSON.parse(item.platform_metadata).full_content).toBeUndefined();
  });

  it('refuses a CSS selector that does not parse with a 422 sentence, and changes nothing', async () => {
    summaryFeed('/invalid.xml', [{ slug: 'one', title: 'Harbour invalid', hoursAgo: 2 }]);
    const { appToken, rules } = await subscribeTo('/invalid.xml');
    await harness().call('PUT', rules, { key: appToken, body: { full_content: true, content_selector: 'article' } });
    await fullArticlesSettled(harness().service);
    const fetched = site.hits.get('/articles/invalid.xml/one');

    const refused = await harness().call('PUT', rules, { key: appToken, body: { full_content: false, content_selector: 'div[', remove_selector: 'p:no-such-pseudo' } });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ message: expect.stringMatching(/^content_selector is not a valid CSS selector \(.+\)\. remove_selector is not a valid CSS selector \(.+\)\.$/) });
    expect((await harness().call('GET', rules, { key: appToken })).body).toMatchObject({ full_content: true, content_selector: 'article', remove_selector: null });

    const preview = await harness().call('POST', `${rules}/preview`, { key: appToken, body: { remove_selector: '>>' } });
    expect(preview.status).toBe(422);
    expect(preview.body.message).toMatch(/^remove_selector is not a valid CSS selector/);
    expect(site.hits.get('/articles/invalid.xml/one')).toBe(fetched);
  });

  it('turning full articles on needs a plan with full content; an API key cannot reach the rules', async () => {
    summaryFeed('/free.xml', [{ slug: 'one', title: 'Harbour free', hoursAgo: 2 }]);
    const { key, appToken, rules } = await subscribeTo('/free.xml', 'free');
    const refused = await harness().call('PUT', rules, { key: appToken, body: { full_content: true } });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toMatch(/^Full content needs the Pro or Plus plan/);
    expect((await harness().call('GET', rules, { key: appToken })).body.full_content).toBe(false);
    expect((await harness().call('GET', rules, { key })).status).toBe(403);
    expect((await harness().call('GET', '/v1/subscriptions/6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b/content-rules', { key: appToken })).status).toBe(404);
  });

  it('at ingest, stores each new item\'s article in the background, keeps the feed\'s summary, and the reader shows the article', async () => {
    const feed = summaryFeed('/ingest.xml', [{ slug: 'first', title: 'Harbour first', hoursAgo: 3 }]);
    servePage('/articles/ingest.xml/first', articlePage('Harbour first'));
    servePage('/articles/ingest.xml/second', articlePage('Harbour second'));
    const { appToken, feedId, rules } = await subscribeTo('/ingest.xml');
    await harness().call('PUT', rules, { key: appToken, body: { full_content: true, content_selector: '.story', remove_selector: '.ad' } });
    await fullArticlesSettled(harness().service);

    feed.posts = [{ slug: 'second', title: 'Harbour second', hoursAgo: 1 }, ...feed.posts];
    harness().service.db.prepare('UPDATE feeds SET etag = NULL, last_modified = NULL WHERE id = ?').run(feedId);
    expect((await refreshFeed(harness().service, feedId)).added).toBe(1);
    await fullArticlesSettled(harness().service);

    const second = await harness().call('GET', `/v1/items/${itemIdOf(feedId, 'Harbour second')}`, { key: appToken });
    expect(second.body.prefers_full_content).toBe(true);
    expect(second.body.content).toContain('Harbour second: the whole story begins');
    expect(second.body.content).not.toMatch(/Buy a boat|About us/);
    expect(second.body.content).toContain('Share on every network');
    expect(second.body.summary).toBe('Only a teaser of Harbour second.');
    expect(second.body.platform_metadata.full_content).toMatchObject({ status: 'extracted' });
    // Saving the rules fetched the item already there with them.
    const first = await harness().call('GET', `/v1/items/${itemIdOf(feedId, 'Harbour first')}`, { key: appToken });
    expect(first.body.content).toContain('Harbour first: the whole story begins');
    expect(site.hits.get('/articles/ingest.xml/second')).toBe(1);

    // The person can still switch one item back to the feed's own content.
    const back = await harness().call('PATCH', `/v1/items/${itemIdOf(feedId, 'Harbour second')}`, { key: appToken, body: { prefers_full_content: false } });
    expect(back.body.content).toBe('Only a teaser of Harbour second.');
  });

  it('a refresh does not wait for the article pages: the items are listed while a page is still loading', async () => {
    const feed = summaryFeed('/slow.xml', []);
    const held: http.ServerResponse[] = [];
    site.route('/articles/slow.xml/late', (_request, response) => { held.push(response); });
    const { appToken, feedId, subscriptionId, rules } = await subscribeTo('/slow.xml');
    await harness().call('PUT', rules, { key: appToken, body: { full_content: true } });

    feed.posts = [{ slug: 'late', title: 'Harbour late', hoursAgo: 1 }];
    expect((await refreshFeed(harness().service, feedId)).added).toBe(1);
    // The page's request starts after the refresh answered (its look-up is in the background): wait for it to arrive.
    await vi.waitFor(() => expect(held).toHaveLength(1), { timeout: 5_000 });
    const listed = await harness().call('GET', '/v1/items', { key: appToken, query: { subscription_ids: subscriptionId } });
    expect(listed.body.data.map((item: { title: string }) => item.title)).toEqual(['Harbour late']);

    held[0].writeHead(200, { 'content-type': 'text/html' });
    held[0].end(articlePage('Harbour late'));
    await fullArticlesSettled(harness().service);
    const item = await harness().call('GET', `/v1/items/${itemIdOf(feedId, 'Harbour late')}`, { key: appToken });
    expect(item.body.content).toContain('Harbour late: the whole story begins');
  });

  it('sanitizes hostile HTML of an article page as it does a feed\'s', async () => {
    const feed = summaryFeed('/hostile.xml', []);
    servePage('/articles/hostile.xml/evil', `<html><body><div class="story">
      ${words('A long enough paragraph so that the article counts as one worth keeping here.')}
      <script>steal(document.cookie)</script><img src="/pixel.png" onerror="steal()">
      <a href="javascript:steal()">click</a><iframe src="https://evil.example/frame"></iframe>
      <p style="position:fixed" onclick="steal()">Styled</p></div></body></html>`);
    const { appToken, feedId, rules } = await subscribeTo('/hostile.xml');
    await harness().call('PUT', rules, { key: appToken, body: { full_content: true, content_selector: '.story' } });
    feed.posts = [{ slug: 'evil', title: 'Harbour evil', hoursAgo: 1 }];
    await refreshFeed(harness().service, feedId);
    await fullArticlesSettled(harness().service);

    const { content } = (await harness().call('GET', `/v1/items/${itemIdOf(feedId, 'Harbour evil')}`, { key: appToken })).body;
    expect(content).toContain('A long enough paragraph');
    expect(content).toContain(`src="${site.baseUrl}/pixel.png"`);
    expect(content).not.toMatch(/<script|steal|onerror|onclick|javascript:|evil\.example|position:fixed/);
  });

  it('notes a page that fails on the item, and stops fetching it: a 404 at once, a 503 after three tries', async () => {
    const feed = summaryFeed('/failing.xml', []);
    site.route('/articles/failing.xml/busy', (_request, response) => { response.writeHead(503); response.end('busy'); });
    const { appToken, feedId, rules } = await subscribeTo('/failing.xml');
    await harness().call('PUT', rules, { key: appToken, body: { full_content: true } });

    const refreshWith = async (slug: string, title: string) => {
      feed.posts = [{ slug, title, hoursAgo: 1 }, ...feed.posts];
      harness().service.db.prepare('UPDATE feeds SET etag = NULL, last_modified = NULL WHERE id = ?').run(feedId);
      await refreshFeed(harness().service, feedId);
      await fullArticlesSettled(harness().service);
    };
    await refreshWith('gone', 'Harbour gone');
    await refreshWith('busy', 'Harbour busy');
    for (let i = 0; i < 4; i++) await refreshWith(`more-${i}`, `Harbour more ${i}`);

    expect(site.hits.get('/articles/failing.xml/gone')).toBe(1);
    expect(site.hits.get('/articles/failing.xml/busy')).toBe(3);
    const busy = await harness().call('GET', `/v1/items/${itemIdOf(feedId, 'Harbour busy')}`, { key: appToken });
    expect(busy.body.content).toBe('Only a teaser of Harbour busy.');
    expect(busy.body.platform_metadata.full_content).toMatchObject({
      status: 'failed', attempts: 3, message: 'The page could not be fetched: The server answered HTTP 503. Showing the feed\'s content instead.',
    });
  });
});
