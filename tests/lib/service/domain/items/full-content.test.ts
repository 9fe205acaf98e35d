import { describe, expect, it } from 'vitest';
import { article } from '../../harness';
import { document } from '../../feed-server';
import { harnessWithFeedSite } from '../../harness-with-feed-site';

const { harness, site } = harnessWithFeedSite();

const paragraph = (words: string) => `<p>${`${words} `.repeat(12).trim()}</p>`;
const page = `<!doctype html><html><head><title>Tidal power</title></head><body>
  <nav><a href="/">Home</a> <a href="/about">About</a></nav>
  <article><h1>Tidal power</h1>
    ${paragraph('Engineers measured the tidal stream off the northern coast for three winters.')}
    ${paragraph('The turbines turned slowly but without pause, and the grid took every watt.')}
    <img src="/images/turbine.jpg" alt="A turbine"><script>track()</script>
  </article><footer>Copyright and cookie banner</footer></body></html>`;

describe('full content', () => {
  it('fetches the page once, keeps its readable article, and falls back with a note when it cannot', async () => {
    const { user, key } = await harness().createUser({ plan: 'pro' });
    const url = site.route('/story', document(page, 'text/html; charset=utf-8'));
    const [withPage, withoutPage] = (await harness().seedSubscription(user, [
      article({ url, content: '<p>Short teaser.</p>' }),
      article({ url: `${site.baseUrl}/missing`, content: '<p>Only the teaser.</p>' }),
    ])).itemIds;

    const full = await harness().call('PATCH', `/v1/items/${withPage}`, { key, body: { prefers_full_content: true } });
    expect(full.status).toBe(200);
    expect(full.body.prefers_full_content).toBe(true);
    expect(full.body.content).toContain('Engineers measured the tidal stream');
    expect(full.body.content).toContain(`src="${site.baseUrl}/images/turbine.jpg"`);
    expect(full.body.content).not.toMatch(/track\(\)|cookie banner|About/);
    expect(full.body.platform_metadata.full_content.status).toBe('extracted');
    await harness().call('GET', `/v1/items/${withPage}`, { key });
    expect(site.hits.get('/story')).toBe(1);

    const off = await harness().call('PATCH', `/v1/items/${withPage}`, { key, body: { prefers_full_content: false } });
    expect(off.body.content).toBe('<p>Short teaser.</p>');

    const fallback = await harness().call('PATCH', `/v1/items/${withoutPage}`, { key, body: { prefers_full_content: true } });
    expect(fallback.body.content).toBe('<p>Only the teaser.</p>');
    expect(fallback.body.platform_metadata.full_content).toMatchObject({ status: 'failed', message: expect.stringMatching(/feed's content/) });
  });

  it('needs a plan that includes full content', async () => {
    const { user, key } = await harness().createUser({ plan: 'free' });
    const [id] = (await harness().seedSubscription(user, [article()])).itemIds;
    const answer = await harness().call('PATCH', `/v1/items/${id}`, { key, body: { prefers_full_content: true } });
    expect(answer.status).toBe(402);
    expect(answer.body.message).toMatch(/Full content/);
  });
});
