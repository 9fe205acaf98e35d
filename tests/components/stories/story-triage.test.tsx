// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StoriesView } from '@/components/stories/stories-view';
import { StoryView } from '@/components/stories/story-view';
import { startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';

afterEach(() => cleanup());

const report = 'A storm surge flooded the harbour of Port Elwyn overnight; the ferry to the islands was cancelled and the sea wall breached.';

/** Adds a feed with one article about the storm and places it in the stories, as ingestion does. */
function reportStorm(local: LocalService, outlet: string, title: string): string {
  const [id] = local.addFeed(outlet, [{ title, summary: report, content: `<p>${report} ${outlet} reports from the quay.</p>` }]);
  const row = local.service.db.prepare('SELECT feed_id, title, summary, content, published_at, url FROM items WHERE id = ?').get(id) as
    { feed_id: string; title: string; summary: string; content: string; published_at: string; url: string };
  local.service.intelligence.addItem({ id: id!, source_id: row.feed_id, title: row.title, summary: row.summary, content: row.content, published_at: row.published_at, url: row.url });
  return id!;
}

describe('a story as a unit', () => {
  let local: LocalService;
  let articles: string[];

  beforeAll(async () => {
    local = await startLocalService({ plan: 'pro' });
    articles = [
      reportStorm(local, 'Coast Gazette', 'Storm surge floods Port Elwyn harbour, ferry cancelled'),
      reportStorm(local, 'Harbour Post', 'Port Elwyn harbour flooded by storm surge; ferry to islands cancelled'),
    ];
  });
  afterAll(() => local.close());

  async function storyCard(): Promise<HTMLElement> {
    const list = await screen.findByRole('list', { name: 'Stories' });
    return within(list).getAllByRole('listitem')[0]!;
  }

  it('is marked read, and unread again, from the stories list, with its unread count following, through to the service', async () => {
    local.setState(articles, { is_read: false, is_saved: false });
    const user = userEvent.setup();
    renderRouted(<StoriesView />, { url: '/stories' });
    const story = await storyCard();
    expect(story.textContent).toContain('2 articles from 2 sources · 2 unread');

    await user.click(within(story).getByRole('button', { name: 'Mark story read' }));
    await waitFor(() => expect(articles.map((id) => local.stateOf(id).is_read)).toEqual([1, 1]));
    expect(await within(story).findByText('2 items marked read.')).toBeTruthy();
    // Nothing left to read says so, not "0 unread".
    expect(story.textContent).toContain('2 articles from 2 sources · all read');
    expect(story.textContent).not.toContain('0 unread');

    await user.click(within(story).getByRole('button', { name: 'Mark story unread' }));
    await waitFor(() => expect(articles.map((id) => local.stateOf(id).is_read)).toEqual([0, 0]));
    expect(story.textContent).toContain('· 2 unread');
  });

  it('counts one unread article as "1 unread"', async () => {
    local.setState(articles, { is_read: true });
    local.setState([articles[0]!], { is_read: false });
    renderRouted(<StoriesView />, { url: '/stories' });
    const story = await storyCard();
    expect(story.textContent).toContain('2 articles from 2 sources · 1 unread');
  });

  it('is saved whole from the stories list, saving only the articles not saved yet, and unsaved whole', async () => {
    local.setState(articles, { is_saved: false });
    local.setState([articles[0]!], { is_saved: true });
    const user = userEvent.setup();
    renderRouted(<StoriesView />, { url: '/stories' });
    const story = await storyCard();

    await user.click(within(story).getByRole('button', { name: 'Save story' }));
    await waitFor(() => expect(articles.map((id) => local.stateOf(id).is_saved)).toEqual([1, 1]));
    expect(await within(story).findByText('1 item saved.')).toBeTruthy();

    await user.click(within(story).getByRole('button', { name: 'Unsave story' }));
    await waitFor(() => expect(articles.map((id) => local.stateOf(id).is_saved)).toEqual([0, 0]));
  });

  it('links to its own page, which lists its articles with their sources and triages it whole', async () => {
    local.setState(articles, { is_read: false, is_saved: false });
    renderRouted(<StoriesView />, { url: '/stories' });
    const story = await storyCard();
    const href = within(within(story).getByRole('heading', { level: 2 })).getByRole('link').getAttribute('href')!;
    expect(href).toMatch(/^\/stories\/[0-9a-f-]{36}$/);
    cleanup();

    const user = userEvent.setup();
    renderRouted(<StoryView id={href.split('/')[2]!} />, { url: href });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toMatch(/Port Elwyn/);
    const page = heading.closest('article')!;
    expect(page.textContent).toContain('2 unread');
    const list = within(page).getByRole('list', { name: `Your articles about ${heading.textContent}` });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').getAttribute('href')).sort()).toEqual(articles.map((id) => `/items/${id}`).sort());
    expect(rows.map((row) => row.textContent).join('\n')).toMatch(/Coast Gazette[\s\S]*Harbour Post|Harbour Post[\s\S]*Coast Gazette/);

    await user.click(within(page).getByRole('button', { name: 'Mark story read' }));
    await waitFor(() => expect(articles.map((id) => local.stateOf(id).is_read)).toEqual([1, 1]));
    expect(page.textContent).toContain('2 articles from 2 sources · all read');
    expect(page.textContent).not.toContain('0 unread');
    await user.click(within(page).getByRole('button', { name: 'Save story' }));
    await waitFor(() => expect(articles.map((id) => local.stateOf(id).is_saved)).toEqual([1, 1]));
  });

  it('says so on its page when it is not among the latest stories', async () => {
    renderRouted(<StoryView id="00000000-0000-4000-8000-0000000000ff" />, { url: '/stories/00000000-0000-4000-8000-0000000000ff' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Story not found');
    expect(screen.getByRole('link', { name: 'See the latest stories' }).getAttribute('href')).toBe('/stories');
  });
});
