// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ItemReader } from '@/components/reader/item-reader';
import { configureApi } from '@/lib/client/api-client';
import { LIST_CONTEXT_KEY } from '@/lib/client/list-context';
import { MARK_READ_STORAGE_KEY } from '@/lib/client/reading-preferences';
import { useItems } from '@/lib/client/use-items';
import { closedPort, startLocalService, type LocalService } from '../local-service';
import { renderApp } from '../render-app';

function entry(local: LocalService, id: string) {
  return local.service.db.prepare('SELECT is_read, is_saved, notes FROM entries WHERE user_id = ? AND item_id = ?').get(local.user.id, id) as
    { is_read: number; is_saved: number; notes: string | null };
}

function tagNames(local: LocalService, id: string): string[] {
  return local.service.db.prepare(`SELECT t.name FROM item_tags it JOIN tags t ON t.id = it.tag_id
    WHERE it.item_id = ? AND t.user_id = ? ORDER BY t.name`).pluck().all(id, local.user.id) as string[];
}

/** The inbox's list loaded first (as when the person came from it), then the reader of one of its items. */
function ListThenReader({ id }: { id: string }) {
  const list = useItems({});
  const [open, setOpen] = useState(false);
  return (
    <>
      <ul>{list.items.map((item) => <li key={item.id}>{item.title}</li>)}</ul>
      <button type="button" onClick={() => setOpen(true)}>Open the item</button>
      {open && <ItemReader id={id} />}
    </>
  );
}

/** The reader stepping through `ids` as the page does (a new reader per item), on a press. */
function Stepper({ ids }: { ids: string[] }) {
  const [at, setAt] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setAt(at + 1)}>Step on</button>
      <ItemReader key={ids[at]} id={ids[at]!} />
    </>
  );
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the reader on a plan with notes', () => {
  let local: LocalService;
  let ids: string[];
  let episode: string;

  beforeAll(async () => {
    local = await startLocalService({ plan: 'pro' });
    ids = local.addFeed('Harbour Gazette', [
      { title: 'Tides rise over the harbour wall', content: '<h2>Storm</h2><p>Water <a href="https://example.com/x">reached</a> the quay.</p>', author: 'Ada Byrne' },
      { title: 'Ferry timetable changes' },
      { title: 'Fish market reopens' },
      { title: 'Lighthouse keeper retires' },
    ]);
    [episode] = local.addFeed('Night Radio', [{ title: 'Episode one', item_type: 'episode', audio_url: 'https://example.com/1.mp3', duration_seconds: 600 }], { sourceType: 'podcast' });
    local.service.db.prepare('UPDATE items SET ai_summary = ? WHERE id = ?').run('Flooding reached the quay overnight.', ids[0]);
  });
  afterAll(() => local.close());

  it('shows the title as the page heading, the source, author, original link, summary and sanitized content', async () => {
    renderApp(<ItemReader id={ids[0]!} />);
    expect(screen.getByText('Loading the item…')).toBeTruthy();

    const heading = await screen.findByRole('heading', { level: 1, name: 'Tides rise over the harbour wall' });
    const article = heading.closest('article')!;
    expect(article.textContent).toContain('Harbour Gazette');
    expect(article.textContent).toContain('Ada Byrne');
    const original = within(article).getByRole('link', { name: 'Open original (opens in a new tab)' });
    expect(original.getAttribute('href')).toBe('https://example.com/Harbour%20Gazette/0');
    expect(original.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(article).getByRole('heading', { level: 2, name: 'Storm' })).toBeTruthy();
    expect(within(article).getByRole('link', { name: 'reached' }).getAttribute('href')).toBe('https://example.com/x');
    expect(within(article).getByText('Flooding reached the quay overnight.')).toBeTruthy();
    expect(document.title).toBe('Tides rise over the harbour wall · Tidings');
  });

  it('marks images stored without alt text as decorative, and keeps the alt text of the others', async () => {
    const [pictured] = local.addFeed('Photo Desk', [
      { title: 'Harbour in pictures', content: '<p><img src="https://example.com/quay.jpg"><img src="https://example.com/boat.jpg" alt="A ferry at the quay"></p>' },
    ]);
    renderApp(<ItemReader id={pictured!} />);
    const article = (await screen.findByRole('heading', { level: 1, name: 'Harbour in pictures' })).closest('article')!;
    const images = [...article.querySelectorAll('img')].map((image) => image.getAttribute('alt'));
    expect(images).toEqual(['', 'A ferry at the quay']);
  });

  it('marks the item read on opening when the setting says so', async () => {
    renderApp(<ItemReader id={ids[1]!} />);
    await screen.findByRole('heading', { level: 1, name: 'Ferry timetable changes' });
    await waitFor(() => expect(entry(local, ids[1]!).is_read).toBe(1));
    expect(await screen.findByRole('button', { name: 'Mark unread' })).toBeTruthy();
  });

  it('marks the item read on opening also when rows are marked as they are scrolled past', async () => {
    localStorage.setItem(MARK_READ_STORAGE_KEY, 'on-scroll');
    renderApp(<ItemReader id={ids[3]!} />);
    await screen.findByRole('heading', { level: 1, name: 'Lighthouse keeper retires' });
    await waitFor(() => expect(entry(local, ids[3]!).is_read).toBe(1));
  });

  it('leaves the item unread on opening when marking is by hand, and toggles read and saved on request', async () => {
    localStorage.setItem(MARK_READ_STORAGE_KEY, 'manual');
    const user = userEvent.setup();
    renderApp(<ItemReader id={ids[2]!} />);
    await screen.findByRole('heading', { level: 1, name: 'Fish market reopens' });
    expect(entry(local, ids[2]!).is_read).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Mark read' }));
    await waitFor(() => expect(entry(local, ids[2]!).is_read).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(entry(local, ids[2]!).is_saved).toBe(1));
    expect(screen.getByRole('button', { name: 'Unsave' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Saved.');
  });

  it('adds tags by name, takes a suggestion with one click and removes a tag', async () => {
    const user = userEvent.setup();
    renderApp(<ItemReader id={ids[0]!} />);
    const tags = await screen.findByRole('region', { name: 'Tags' });
    expect(within(tags).getByText('No tags yet.')).toBeTruthy();

    await user.type(within(tags).getByRole('textbox', { name: 'Add tags' }), 'weather, local{Enter}');
    await waitFor(() => expect(tagNames(local, ids[0]!)).toEqual(['local', 'weather']));
    expect(within(tags).getByRole('button', { name: 'Remove tag weather' })).toBeTruthy();

    const suggestion = within(tags).getAllByRole('button', { name: /\(add this tag\)$/ })[0]!;
    const suggested = suggestion.textContent!.replace('+', '').replace('(add this tag)', '').trim();
    await user.click(suggestion);
    await waitFor(() => expect(tagNames(local, ids[0]!)).toContain(suggested));

    await user.click(within(tags).getByRole('button', { name: 'Remove tag local' }));
    await waitFor(() => expect(tagNames(local, ids[0]!)).not.toContain('local'));
    expect(document.activeElement).toBe(within(tags).getByRole('textbox', { name: 'Add tags' }));
  });

  it('leaves the tag field alone when a chip is tapped on a touch screen, so no keyboard opens: the chip beside takes focus', async () => {
    const user = userEvent.setup();
    const [id] = local.addFeed('Pier Notes', [{
      title: 'Pier repairs begin before the ferry season',
      content: '<p>Pier repairs begin this week. The ferry season starts in May, and the ferry operator wants the pier repairs done by then. The harbour master says the pier repairs will close the north quay. Ferry passengers will board at the south quay while the pier is closed.</p>',
    }]);
    renderApp(<ItemReader id={id!} />);
    const tags = await screen.findByRole('region', { name: 'Tags' });
    const [first, second] = within(tags).getAllByRole('button', { name: /\(add this tag\)$/ });
    const taken = first!.textContent!.replace('+', '').replace('(add this tag)', '').trim();
    await user.pointer({ keys: '[TouchA]', target: first! });
    await waitFor(() => expect(tagNames(local, id!)).toEqual([taken]));
    expect(document.activeElement).not.toBe(within(tags).getByRole('textbox', { name: 'Add tags' }));
    expect(document.activeElement).toBe(second);
  });

  it('keeps a tag added while marking read on opening is on its way, when the answers come back in either order', async () => {
    const user = userEvent.setup();
    const [id] = local.addFeed('Quay Watch', [{ title: 'Cranes idle at the quay' }]);
    const changes = (field: string) => async (request: Request) => request.method === 'PATCH'
      && new URL(request.url).pathname === `/v1/items/${id}` && field in ((await request.json()) as object);
    const slowRead = local.hold(changes('is_read'));
    const slowTags = local.hold(changes('tags'));
    const pause = () => new Promise((resolve) => setTimeout(resolve, 150));

    renderApp(<ItemReader id={id!} />);
    const tags = await screen.findByRole('region', { name: 'Tags' });
    await user.type(within(tags).getByRole('textbox', { name: 'Add tags' }), 'cranes{Enter}');
    await within(tags).findByRole('button', { name: 'Remove tag cranes' });

    // The read answer lands first, while the tags are still on their way: both stay shown.
    await slowRead.release();
    expect(entry(local, id!).is_read).toBe(1);
    await pause();
    expect(within(tags).queryByRole('button', { name: 'Remove tag cranes' })).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Mark unread' })).toBeTruthy();

    await slowTags.release();
    expect(tagNames(local, id!)).toEqual(['cranes']);
    await pause();
    expect(within(tags).queryByRole('button', { name: 'Remove tag cranes' })).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Mark unread' })).toBeTruthy();
  });

  it('saves notes on an article', async () => {
    const user = userEvent.setup();
    renderApp(<ItemReader id={ids[0]!} />);
    const notes = await screen.findByRole('region', { name: 'Notes' });
    await user.type(within(notes).getByRole('textbox', { name: 'Your notes on this article' }), 'Check the tide tables.');
    await user.click(within(notes).getByRole('button', { name: 'Save notes' }));
    await waitFor(() => expect(entry(local, ids[0]!).notes).toBe('Check the tide tables.'));
  });

  it('saves notes typed but not saved when the person leaves the item, as a swipe to the next one does', async () => {
    const user = userEvent.setup();
    renderApp(<Stepper ids={[ids[1]!, ids[2]!, ids[3]!]} />);
    const notes = await screen.findByRole('region', { name: 'Notes' });
    await user.type(within(notes).getByRole('textbox', { name: 'Your notes on this article' }), 'Ask about the winter timetable.');
    await user.click(screen.getByRole('button', { name: 'Step on' }));
    await screen.findByRole('heading', { level: 1, name: 'Fish market reopens' });
    await waitFor(() => expect(entry(local, ids[1]!).notes).toBe('Ask about the winter timetable.'));
    // Nothing typed: leaving stores nothing.
    await user.click(screen.getByRole('button', { name: 'Step on' }));
    await screen.findByRole('heading', { level: 1, name: 'Lighthouse keeper retires' });
    expect(entry(local, ids[2]!).notes).toBeNull();
  });

  it('offers no notes on an episode, plays its audio, and leaves it unread on opening: episodes are read once heard', async () => {
    renderApp(<ItemReader id={episode!} />);
    await screen.findByRole('heading', { level: 1, name: 'Episode one' });
    expect(screen.queryByRole('region', { name: 'Notes' })).toBeNull();
    // The app's player plays it (components/player); the reader offers its Play button.
    expect(screen.getByRole('button', { name: 'Play episode' })).toBeTruthy();
    // An article opened the same way is marked read within this time (the test above).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(entry(local, episode!).is_read).toBe(0);
    expect(screen.getByRole('button', { name: 'Mark read' })).toBeTruthy();
  });

  it('steps to the next and previous item of the list it was opened from, also with j and k', async () => {
    sessionStorage.setItem(LIST_CONTEXT_KEY, JSON.stringify({
      href: '/inbox?view=all', filters: '{}', nextCursor: null,
      items: ids.map((id, index) => ({ id, title: ['Tides rise over the harbour wall', 'Ferry timetable changes', 'Fish market reopens'][index] })),
    }));
    const user = userEvent.setup();
    const app = renderApp(<ItemReader id={ids[1]!} />);
    const pager = await screen.findByRole('navigation', { name: 'Previous and next item' });
    expect(within(pager).getByRole('link', { name: /Previous.*Tides rise/ }).getAttribute('href')).toBe(`/items/${ids[0]}`);
    expect(within(pager).getByRole('link', { name: /Next.*Fish market/ }).getAttribute('href')).toBe(`/items/${ids[2]}`);
    expect(screen.getByRole('link', { name: '← Back to the list' }).getAttribute('href')).toBe('/inbox?view=all');

    await user.keyboard('j');
    await user.keyboard('k');
    expect(app.visited).toEqual([`/items/${ids[2]}`, `/items/${ids[0]}`]);
  });

  it('offers no pager for an item opened from no list, and a way to the inbox', async () => {
    renderApp(<ItemReader id={ids[1]!} />);
    await screen.findByRole('heading', { level: 1, name: 'Ferry timetable changes' });
    expect(screen.queryByRole('navigation', { name: 'Previous and next item' })).toBeNull();
    expect(screen.queryByText('End of the list')).toBeNull();
    expect(screen.getByRole('link', { name: '← Go to the inbox' }).getAttribute('href')).toBe('/inbox');
  });

  it('keeps the item on screen when a refresh of it fails on a dropped connection, but not once it is gone', async () => {
    renderApp(<ItemReader id={ids[3]!} />);
    await screen.findByRole('heading', { level: 1, name: 'Lighthouse keeper retires' });
    configureApi({ base: `http://127.0.0.1:${await closedPort()}` });
    try {
      // SWR refreshes what is on screen when the connection comes back.
      window.dispatchEvent(new Event('online'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(screen.getByRole('heading', { level: 1, name: 'Lighthouse keeper retires' })).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      configureApi({ base: local.base });
    }
    local.service.db.prepare('DELETE FROM items WHERE id = ?').run(ids[3]);
    window.dispatchEvent(new Event('online'));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Not found' })).toBeTruthy();
  });

  it('shows an item as its list had it when its detail cannot be fetched, and the whole item once it can', async () => {
    const [id] = local.addFeed('Ferry News', [{ title: 'Noon sailings', description: '<p>The ferry now leaves at <em>noon</em>.</p>', content: '<p>Full timetable inside.</p>' }]);
    localStorage.setItem(MARK_READ_STORAGE_KEY, 'manual');
    renderApp(<ListThenReader id={id!} />);
    await screen.findByText('Noon sailings');
    configureApi({ base: `http://127.0.0.1:${await closedPort()}` });
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Open the item' }));
      const article = (await screen.findByRole('heading', { level: 1, name: 'Noon sailings' })).closest('article')!;
      expect(within(article).getByRole('heading', { level: 2, name: 'The connection failed: showing what the list had' })).toBeTruthy();
      expect(article.textContent).toContain('Ferry News');
      expect(within(article).getByText('noon').tagName).toBe('EM');
      expect(article.textContent).not.toContain('Full timetable inside.');
      expect(within(article).getByRole('button', { name: 'Mark read' })).toBeTruthy();
      expect(within(article).queryByRole('region', { name: 'Notes' })).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      configureApi({ base: local.base });
    }
    await userEvent.click(screen.getByRole('button', { name: 'Load the whole item' }));
    await waitFor(() => expect(document.querySelector('.reading')!.innerHTML).toBe('<p>Full timetable inside.</p>'));
    expect(screen.queryByRole('heading', { name: /showing what the list had/ })).toBeNull();
    expect(await screen.findByRole('region', { name: 'Notes' })).toBeTruthy();
  });

  it('says the item could not be loaded when its detail cannot be fetched and no list holds it', async () => {
    const [id] = local.addFeed('Unlisted News', [{ title: 'Never listed' }]);
    configureApi({ base: `http://127.0.0.1:${await closedPort()}` });
    try {
      renderApp(<ItemReader id={id!} />);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('This item could not be loaded.');
      expect(screen.queryByRole('heading', { name: /showing what the list had/ })).toBeNull();
    } finally {
      configureApi({ base: local.base });
    }
  });

  it('says when an item does not exist', async () => {
    renderApp(<ItemReader id="00000000-0000-4000-8000-000000000000" />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Not found' })).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

describe('the reader on the free plan', () => {
  let local: LocalService;
  beforeAll(async () => {
    local = await startLocalService({ plan: 'free' });
  });
  afterAll(() => local.close());

  it('explains that notes come with a paid plan instead of offering them', async () => {
    const [id] = local.addFeed('Free Feed', [{ title: 'A free article', published_at: new Date().toISOString() }]);
    renderApp(<ItemReader id={id!} />);
    const notes = await screen.findByRole('region', { name: 'Notes' });
    expect(notes.textContent).toContain('Notes on articles come with the Pro and Plus plans.');
    expect(within(notes).getByRole('link', { name: 'See your plan' }).getAttribute('href')).toBe('/settings');
    expect(within(notes).queryByRole('textbox')).toBeNull();
  });
});
