// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StoriesView } from '@/components/stories/stories-view';
import { readListContext } from '@/lib/client/list-context';
import { startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';

/*
 * The item lists' keys on the stories page: j/k step from story to story (onto each story's
 * button), and through the articles of a story shown, which answer o, m and s as the inbox's
 * items do; o on a story's button shows or hides its articles.
 */

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

const eruption = 'The volcano near Grindavik erupted overnight, sending lava towards the town; residents were evacuated and the Blue Lagoon closed.';
const bridge = 'The old railway bridge over the Tay river collapsed after days of flooding; trains between Dundee and Perth are cancelled until engineers inspect it.';

/** Adds a feed with one article of the report and places it in the stories, as ingestion does. */
function reportEvent(local: LocalService, outlet: string, title: string, report = eruption): string {
  const [id] = local.addFeed(outlet, [{ title, summary: report, content: `<p>${report} ${outlet} reports from the scene.</p>` }]);
  const row = local.service.db.prepare('SELECT feed_id, title, summary, content, published_at, url FROM items WHERE id = ?').get(id) as
    { feed_id: string; title: string; summary: string; content: string; published_at: string; url: string };
  local.service.intelligence.addItem({ id: id!, source_id: row.feed_id, title: row.title, summary: row.summary, content: row.content, published_at: row.published_at, url: row.url });
  return id!;
}

describe('keys on the stories page', () => {
  let local: LocalService;

  beforeAll(async () => {
    local = await startLocalService({ plan: 'pro' });
    reportEvent(local, 'Northern Times', 'Volcano erupts near Grindavik, lava flows towards town');
    reportEvent(local, 'Island Herald', 'Grindavik volcano eruption: lava flows towards the town');
    reportEvent(local, 'Tayside Post', 'Tay railway bridge collapses after flooding', bridge);
    reportEvent(local, 'Perth Courier', 'Railway bridge over the Tay collapses in floods', bridge);
  });
  afterAll(() => local.close());

  it('moves with j and k through a shown story’s articles, from its button, and toggles read with m and saved with s', async () => {
    const user = userEvent.setup();
    renderRouted(<StoriesView />, { url: '/stories' });
    const stories = await screen.findByRole('list', { name: 'Stories' });
    const [toggle] = within(stories).getAllByRole('button', { name: 'Show your 2 articles' });

    // Hidden articles are not stepped onto: j lands on the story's button.
    await user.keyboard('j');
    expect(document.activeElement).toBe(toggle);

    await user.click(toggle!);
    const articles = screen.getByRole('list', { name: /^Your articles about / });
    const links = within(articles).getAllByRole('link');
    await user.keyboard('j');
    expect(document.activeElement).toBe(links[0]);
    await user.keyboard('j');
    expect(document.activeElement).toBe(links[1]);
    await user.keyboard('k');
    expect(document.activeElement).toBe(links[0]);

    const id = links[0]!.getAttribute('href')!.replace('/items/', '');
    const row = links[0]!.closest('li')!;
    expect(row.textContent).toMatch(/· unread$/);
    await user.keyboard('m');
    await waitFor(() => expect(local.stateOf(id).is_read).toBe(1));
    await waitFor(() => expect(row.textContent).toMatch(/· read$/));
    // The keys' status line floats over the page; each story's own (for its buttons) stays empty.
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(`Marked read: ${links[0]!.textContent}`);

    await user.keyboard('s');
    await waitFor(() => expect(local.stateOf(id).is_saved).toBe(1));
    await waitFor(() => expect(row.textContent).toMatch(/· read, saved$/));
    await user.keyboard('sm');
    await waitFor(() => expect(local.stateOf(id)).toEqual({ is_read: 0, is_saved: 0 }));
    await waitFor(() => expect(row.textContent).toMatch(/· unread$/));
    expect(document.activeElement).toBe(links[0]);
  });

  it('opens the focused article with o, remembering the story’s articles for the reader', async () => {
    const user = userEvent.setup();
    const app = renderRouted(<StoriesView />, { url: '/stories' });
    await user.click((await screen.findAllByRole('button', { name: 'Show your 2 articles' }))[0]!);
    const links = within(screen.getByRole('list', { name: /^Your articles about / })).getAllByRole('link');
    await user.keyboard('jjo');
    expect(app.visited).toEqual([links[1]!.getAttribute('href')]);
    expect(readListContext()?.items.map((entry) => `/items/${entry.id}`)).toEqual(links.map((link) => link.getAttribute('href')));
  });

  it('moves from story to story with j and k while none shows its articles, and o shows and hides a story’s articles', async () => {
    const user = userEvent.setup();
    renderRouted(<StoriesView />, { url: '/stories' });
    const stories = await screen.findByRole('list', { name: 'Stories' });
    expect(within(stories).getAllByRole('heading', { level: 2 })).toHaveLength(2);
    const [first, second] = within(stories).getAllByRole('button', { name: 'Show your 2 articles' });

    await user.keyboard('j');
    expect(document.activeElement).toBe(first);
    await user.keyboard('j');
    expect(document.activeElement).toBe(second);
    // At the last story j stays there; k goes back.
    await user.keyboard('j');
    expect(document.activeElement).toBe(second);
    await user.keyboard('k');
    expect(document.activeElement).toBe(first);

    await user.keyboard('o');
    expect(first!.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(first);
    const links = within(screen.getByRole('list', { name: /^Your articles about / })).getAllByRole('link');
    // Shown, the story's articles come between it and the next story.
    await user.keyboard('jjj');
    expect(document.activeElement).toBe(second);
    await user.keyboard('k');
    expect(document.activeElement).toBe(links[1]);
    await user.keyboard('kko');
    expect(document.activeElement).toBe(first);
    expect(first!.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('list', { name: /^Your articles about / })).toBeNull();
  });

  it('lists with ? what the keys do on the stories page', async () => {
    const user = userEvent.setup();
    renderRouted(<StoriesView />, { url: '/stories' });
    await screen.findByRole('list', { name: 'Stories' });
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const labels = within(dialog).getAllByRole('definition').map((entry) => entry.textContent);
    expect(labels).toEqual([
      'Next story or article', 'Previous story or article', 'Show or hide a story’s articles, or open the article',
      'Mark the article read or unread', 'Save or unsave the article', 'Open the article’s original in a new tab',
      'Search', 'Show the keyboard shortcuts',
    ]);
  });
});
