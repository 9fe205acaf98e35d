// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ItemReader } from '@/components/reader/item-reader';
import { MARK_READ_STORAGE_KEY } from '@/lib/client/reading-preferences';
import { document as page, FeedServer } from '../../lib/service/feed-server';
import { startLocalService, type LocalService } from '../local-service';
import { renderApp } from '../render-app';

const paragraphs = [
  'The lighthouse keeper climbed the hundred and twelve steps every evening at dusk, trimming the wick and polishing the great lens until it shone.',
  'In winter the storms came in from the west, and the keeper logged every ship that passed, every wreck, every rescue the lifeboat crew attempted.',
  'When the light was automated in 1987, the last keeper handed over the logbooks to the county archive, where they can still be read today.',
];
const articlePage = `<!doctype html><html><head><title>The last keeper</title></head><body>
  <nav><a href="/">Home</a></nav>
  <article><h1>The last keeper</h1>${paragraphs.map((text) => `<p>${text}</p>`).join('')}</article>
  <footer>Copyright</footer></body></html>`;

function prefersFull(local: LocalService, id: string): number {
  return local.service.db.prepare('SELECT prefers_full_content FROM entries WHERE user_id = ? AND item_id = ?').pluck().get(local.user.id, id) as number;
}

let site: FeedServer;
beforeAll(async () => {
  site = await new FeedServer().start();
  site.route('/keeper', page(articlePage, 'text/html; charset=utf-8'));
});
afterAll(() => site.stop());

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the full-article toggle on a plan with full content', () => {
  let local: LocalService;
  let readable: string;
  let missing: string;

  beforeAll(async () => {
    local = await startLocalService({ plan: 'pro', config: { allowPrivateUrls: true } });
    [readable, missing] = local.addFeed('Coast Weekly', [
      { title: 'The last keeper', url: `${site.baseUrl}/keeper`, content: '<p>A short teaser about the lighthouse.</p>' },
      { title: 'A page that is gone', url: `${site.baseUrl}/gone`, content: '<p>Only the teaser exists.</p>' },
    ]);
  });
  afterAll(() => local.close());

  it('shows the web page\'s article when pressed and the feed\'s content again when released', async () => {
    localStorage.setItem(MARK_READ_STORAGE_KEY, 'manual');
    const user = userEvent.setup();
    renderApp(<ItemReader id={readable} />);
    const toggle = await screen.findByRole('button', { name: 'Full article' });
    const article = screen.getByRole('article');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(article.querySelector('.reading')!.textContent).toContain('A short teaser about the lighthouse.');

    await user.click(toggle);
    await waitFor(() => expect(article.querySelector('.reading')!.textContent).toContain(paragraphs[2]));
    expect(article.querySelector('.reading')!.textContent).not.toContain('Copyright');
    expect(screen.getByRole('button', { name: 'Full article' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Showing the full article.');
    expect(prefersFull(local, readable)).toBe(1);
    expect(site.hits.get('/keeper')).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Full article' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Full article' }).getAttribute('aria-pressed')).toBe('false'));
    expect(article.querySelector('.reading')!.textContent).toContain('A short teaser about the lighthouse.');
    expect(screen.getByRole('status').textContent).toBe('Showing the feed’s content.');
    expect(prefersFull(local, readable)).toBe(0);
  });

  it('keeps the feed\'s content with the service\'s note when the page gives no article', async () => {
    localStorage.setItem(MARK_READ_STORAGE_KEY, 'manual');
    const user = userEvent.setup();
    renderApp(<ItemReader id={missing} />);
    await user.click(await screen.findByRole('button', { name: 'Full article' }));
    const article = screen.getByRole('article');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Full article' }).getAttribute('aria-pressed')).toBe('true'));
    expect(article.querySelector('.reading')!.textContent).toContain('Only the teaser exists.');
    expect(article.textContent).toContain('Showing the feed\'s content instead.');
    expect(screen.getByRole('status').textContent).toContain('Showing the feed\'s content instead.');
  });

  it('offers no full article on an episode', async () => {
    const [episode] = local.addFeed('Night Radio', [{ title: 'Episode one', item_type: 'episode', audio_url: 'https://example.com/1.mp3' }], { sourceType: 'podcast' });
    renderApp(<ItemReader id={episode!} />);
    await screen.findByRole('heading', { level: 1, name: 'Episode one' });
    expect(screen.queryByRole('button', { name: 'Full article' })).toBeNull();
  });

  it('offers no full article on an article with no web page (a newsletter mail), and releases one pressed before', async () => {
    const [mail, pressed] = local.addFeed('Letters', [
      { title: 'This week in letters', url: null, content: '<p>The whole mail.</p>' },
      { title: 'Last week in letters', url: null, content: '<p>Another mail.</p>' },
    ], { sourceType: 'newsletter' });
    renderApp(<ItemReader id={mail!} />);
    await screen.findByRole('heading', { level: 1, name: 'This week in letters' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Full article' })).toBeNull();
    cleanup();

    local.service.db.prepare('UPDATE entries SET prefers_full_content = 1 WHERE user_id = ? AND item_id = ?').run(local.user.id, pressed);
    const user = userEvent.setup();
    renderApp(<ItemReader id={pressed!} />);
    await user.click(await screen.findByRole('button', { name: 'Full article', pressed: true }));
    await waitFor(() => expect(prefersFull(local, pressed!)).toBe(0));
    expect(screen.queryByRole('button', { name: 'Full article' })).toBeNull();
  });
});

describe('the full-article toggle on the free plan', () => {
  let local: LocalService;
  beforeAll(async () => {
    local = await startLocalService({ plan: 'free', config: { allowPrivateUrls: true } });
  });
  afterAll(() => local.close());

  it('explains the plan when pressed and leaves the content and the preference as they were', async () => {
    localStorage.setItem(MARK_READ_STORAGE_KEY, 'manual');
    const [id] = local.addFeed('Free Feed', [{ title: 'A free article', url: `${site.baseUrl}/keeper`, published_at: new Date().toISOString() }]);
    const user = userEvent.setup();
    renderApp(<ItemReader id={id!} />);
    await user.click(await screen.findByRole('button', { name: 'Full article' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Not included in your plan: Full content needs the Pro or Plus plan/));
    const article = screen.getByRole('article');
    expect(article.textContent).toContain('The full article, fetched from its web page, comes with the Pro and Plus plans.');
    expect(within(article).getAllByRole('link', { name: 'See your plan' })[0]!.getAttribute('href')).toBe('/settings');
    expect(screen.getByRole('button', { name: 'Full article' }).getAttribute('aria-pressed')).toBe('false');
    expect(prefersFull(local, id!)).toBe(0);
  });
});
