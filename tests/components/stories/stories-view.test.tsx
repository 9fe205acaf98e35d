// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StoriesView } from '@/components/stories/stories-view';
import { configureApi } from '@/lib/client/api-client';
import { startLocalService, type LocalService, withUnavailableService } from '../local-service';
import { renderRouted } from '../render-routed';

afterEach(() => cleanup());

const report = 'The volcano near Grindavik erupted overnight, sending lava towards the town; residents were evacuated and the Blue Lagoon closed.';

/** Adds a feed with one article about the eruption and places it in the stories, as ingestion does. */
function reportEruption(local: LocalService, outlet: string, title: string): string {
  const [id] = local.addFeed(outlet, [{ title, summary: report, content: `<p>${report} ${outlet} reports from the scene.</p>` }]);
  const row = local.service.db.prepare('SELECT feed_id, title, summary, content, published_at, url FROM items WHERE id = ?').get(id) as
    { feed_id: string; title: string; summary: string; content: string; published_at: string; url: string };
  local.service.intelligence.addItem({ id: id!, source_id: row.feed_id, title: row.title, summary: row.summary, content: row.content, published_at: row.published_at, url: row.url });
  return id!;
}

describe('stories with content', () => {
  let local: LocalService;
  let articles: string[];

  beforeAll(async () => {
    local = await startLocalService({ plan: 'pro' });
    articles = [
      reportEruption(local, 'Northern Times', 'Volcano erupts near Grindavik, lava flows towards town'),
      reportEruption(local, 'Island Herald', 'Grindavik volcano eruption: lava flows towards the town'),
    ];
  });
  afterAll(() => local.close());

  it('shows a loading state, then each story with its sources and a disclosure of the person’s articles', async () => {
    const user = userEvent.setup();
    renderRouted(<StoriesView />, { url: '/stories' });
    expect(screen.getByText('Loading stories…')).toBeTruthy();

    const list = await screen.findByRole('list', { name: 'Stories' });
    const story = within(list).getAllByRole('listitem')[0]!;
    expect(within(story).getByRole('heading', { level: 2 }).textContent).toMatch(/Grindavik/);
    expect(story.textContent).toContain('2 articles from 2 sources');
    expect(story.textContent).toMatch(/Sources: (Northern Times, Island Herald|Island Herald, Northern Times)/);

    const toggle = within(story).getByRole('button', { name: 'Show your 2 articles' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(true);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    const links = within(panel).getAllByRole('link').map((link) => link.getAttribute('href')).sort();
    expect(links).toEqual(articles.map((id) => `/items/${id}`).sort());
    expect(within(story).getByRole('button', { name: 'Hide your articles' })).toBe(toggle);
  });

  it('tells each story\'s disclosure button apart by the story\'s title, for someone tabbing through them', async () => {
    renderRouted(<StoriesView />, { url: '/stories' });
    const list = await screen.findByRole('list', { name: 'Stories' });
    const story = within(list).getAllByRole('listitem')[0]!;
    const title = within(story).getByRole('heading', { level: 2 }).textContent!;
    expect(within(story).getByRole('button', { name: 'Show your 2 articles', description: title })).toBeTruthy();
  });
});

describe('stories without content', () => {
  let local: LocalService;
  beforeAll(async () => {
    local = await startLocalService({ plan: 'pro' });
    local.addFeed('Lonely Feed', [{}]);
  });
  afterAll(() => local.close());
  afterEach(() => configureApi({ base: local.base, headers: { authorization: `Bearer ${local.token}` } }));

  it('says what a story is when there is none yet', async () => {
    renderRouted(<StoriesView />);
    expect(await screen.findByRole('heading', { name: 'No stories yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a subscription' }).getAttribute('href')).toBe('/subscriptions?add=1');
  });

  it('asks to sign in again on 401', async () => {
    configureApi({ headers: { authorization: `Bearer tid_app_${'x'.repeat(40)}` } });
    renderRouted(<StoriesView />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Please sign in again' })).toBeTruthy();
  });

  it('offers a retry when the service is unavailable (503)', async () => {
    await withUnavailableService('Busy.', async () => {
      renderRouted(<StoriesView />);
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByRole('heading', { name: 'The service is unavailable' })).toBeTruthy();
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    });
  });
});

describe('stories on a plan without them', () => {
  let local: LocalService;
  beforeAll(async () => {
    local = await startLocalService({ plan: 'free' });
  });
  afterAll(() => local.close());

  it('explains the plan (402) in plain words, with the service’s reason and a way to the plan', async () => {
    renderRouted(<StoriesView />);
    expect(await screen.findByRole('heading', { name: 'Stories come with the Pro and Plus plans' })).toBeTruthy();
    expect(screen.getByText(/The service said: Stories needs the Pro or Plus plan; this account is on the Free plan\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your plan' }).getAttribute('href')).toBe('/settings#plan');
  });
});
