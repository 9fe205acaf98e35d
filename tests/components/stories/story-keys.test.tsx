// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StoriesView } from '@/components/stories/stories-view';
import { readListContext } from '@/lib/client/list-context';
import { startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';

/*
 * The item lists' keys on the stories page: the articles of the stories shown answer j/k, o,
 * m and s as the inbox's items do; a story's articles are reached once it is shown.
 */

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

const report = 'The volcano near Grindavik erupted overnight, sending lava towards the town; residents were evacuated and the Blue Lagoon closed.';

/** Adds a feed with one article about the eruption and places it in the stories, as ingestion does. */
function reportEruption(local: LocalService, outlet: string, title: string): string {
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
    reportEruption(local, 'Northern Times', 'Volcano erupts near Grindavik, lava flows towards town');
    reportEruption(local, 'Island Herald', 'Grindavik volcano eruption: lava flows towards the town');
  });
  afterAll(() => local.close());

  it('moves with j and k through a shown story’s articles, from its button, and toggles read with m and saved with s', async () => {
    const user = userEvent.setup();
    renderRouted(<StoriesView />, { url: '/stories' });
    const stories = await screen.findByRole('list', { name: 'Stories' });
    const toggle = within(stories).getByRole('button', { name: 'Show your 2 articles' });

    // Hidden articles are not stepped onto.
    await user.keyboard('j');
    expect(document.activeElement).toBe(document.body);

    await user.click(toggle);
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
    expect(screen.getByRole('status').textContent).toBe(`Marked read: ${links[0]!.textContent}`);

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
    await user.click(await screen.findByRole('button', { name: 'Show your 2 articles' }));
    const links = within(screen.getByRole('list', { name: /^Your articles about / })).getAllByRole('link');
    await user.keyboard('jjo');
    expect(app.visited).toEqual([links[1]!.getAttribute('href')]);
    expect(readListContext()?.items.map((entry) => `/items/${entry.id}`)).toEqual(links.map((link) => link.getAttribute('href')));
  });

  it('lists the item keys with ?', async () => {
    const user = userEvent.setup();
    renderRouted(<StoriesView />, { url: '/stories' });
    await screen.findByRole('list', { name: 'Stories' });
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const label of ['Next item', 'Previous item', 'Open the item', 'Mark read or unread', 'Save or unsave', 'Open the original in a new tab', 'Search']) {
      expect(within(dialog).getByText(label)).toBeTruthy();
    }
  });
});
