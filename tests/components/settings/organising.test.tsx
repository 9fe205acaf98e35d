// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ItemReader } from '@/components/reader/item-reader';
import { FirstPartyOnly } from '@/components/settings/first-party-only';
import { SavedSearchSettings } from '@/components/settings/saved-search-settings';
import { TagSettings } from '@/components/settings/tag-settings';
import { configureApi } from '@/lib/client/api-client';
import { closedPort, startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';

let local: LocalService;

beforeAll(async () => {
  local = await startLocalService({ plan: 'pro' });
});
afterAll(async () => {
  await local.close();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

/** Calls the service as another device would, with the app token. */
async function call(method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${local.base}${path}`, {
    method, headers: { authorization: `Bearer ${local.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

function tagNames(id: string): string[] {
  return local.service.db.prepare(`SELECT t.name FROM item_tags it JOIN tags t ON t.id = it.tag_id
    WHERE it.item_id = ? AND t.user_id = ? ORDER BY t.name`).pluck().all(id, local.user.id) as string[];
}

function accountTags(): string[] {
  return local.service.db.prepare('SELECT name FROM tags WHERE user_id = ? ORDER BY name').pluck().all(local.user.id) as string[];
}

function savedSearchNames(): string[] {
  return local.service.db.prepare('SELECT name FROM saved_searches WHERE user_id = ? ORDER BY name').pluck().all(local.user.id) as string[];
}

function clearOrganising() {
  local.service.db.prepare('DELETE FROM tags WHERE user_id = ?').run(local.user.id);
  local.service.db.prepare('DELETE FROM saved_searches WHERE user_id = ?').run(local.user.id);
}

describe('Settings › Tags', () => {
  let ids: string[];
  beforeEach(async () => {
    clearOrganising();
    ids = local.addFeed(`Harbour ${Math.random()}`, [{ title: 'Tide tables' }, { title: 'Storm warning' }]);
    expect((await call('PATCH', `/v1/items/${ids[0]}`, { tags: ['clim', 'storms'] })).status).toBe(200);
    expect((await call('PATCH', `/v1/items/${ids[1]}`, { tags: ['weather'] })).status).toBe(200);
  });

  it('renames a tag through to the service, its items carrying the new name', async () => {
    const user = userEvent.setup();
    renderRouted(<TagSettings />);
    const list = await screen.findByRole('list', { name: 'Tags' });
    // Each row's name is the level under the page's h1 (axe heading-order).
    expect(within(list).getByRole('heading', { name: 'clim', level: 2 }).closest('li')!.textContent).toContain('1 item');

    await user.click(within(list).getByRole('button', { name: 'Rename clim' }));
    const field = within(list).getByRole('textbox', { name: 'New name for clim' });
    expect(document.activeElement).toBe(field);
    await user.clear(field);
    await user.type(field, 'climate{Enter}');

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Renamed clim to climate.'));
    expect(tagNames(ids[0]!)).toEqual(['climate', 'storms']);
    expect(await within(list).findByRole('heading', { name: 'climate' })).toBeTruthy();
    const id = local.service.db.prepare('SELECT id FROM tags WHERE user_id = ? AND name = ?').pluck().get(local.user.id, 'climate');
    expect(within(list).getByRole('link', { name: 'Open climate' }).getAttribute('href')).toBe(`/inbox?view=all&tag=${id}`);
    // The form went; the button that opened it has focus again.
    expect(document.activeElement).toBe(within(list).getByRole('button', { name: 'Rename climate' }));
  });

  it('merges a tag into another, chosen from the list, so the items keep one tag', async () => {
    const user = userEvent.setup();
    renderRouted(<TagSettings />);
    const list = await screen.findByRole('list', { name: 'Tags' });
    await user.click(within(list).getByRole('button', { name: 'Merge storms' }));
    await user.selectOptions(within(list).getByRole('combobox', { name: 'Merge storms into' }), 'weather');
    await user.click(within(list).getByRole('button', { name: 'Merge' }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Merged storms into weather.'));
    expect(accountTags()).toEqual(['clim', 'weather']);
    expect(tagNames(ids[0]!)).toEqual(['clim', 'weather']);
    expect(tagNames(ids[1]!)).toEqual(['weather']);
    await waitFor(() => expect(within(list).queryByRole('heading', { name: 'storms' })).toBeNull());
    // The list settles on the service's answer: one weather row holding both items.
    await waitFor(() => expect(within(list).getAllByRole('heading', { name: 'weather' }).map((heading) => heading.closest('li')!.textContent))
      .toEqual([expect.stringContaining('2 items')]));
    expect(document.activeElement).toBe(screen.getByRole('status'));
  });

  it('merges when a tag is renamed to a name another tag has', async () => {
    const user = userEvent.setup();
    renderRouted(<TagSettings />);
    const list = await screen.findByRole('list', { name: 'Tags' });
    await user.click(within(list).getByRole('button', { name: 'Rename weather' }));
    const field = within(list).getByRole('textbox', { name: 'New name for weather' });
    await user.clear(field);
    await user.type(field, 'storms{Enter}');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Merged weather into storms.'));
    expect(accountTags()).toEqual(['clim', 'storms']);
    expect(tagNames(ids[1]!)).toEqual(['storms']);
  });

  it('deletes a tag only after confirming, keeping its items', async () => {
    const user = userEvent.setup();
    renderRouted(<TagSettings />);
    const list = await screen.findByRole('list', { name: 'Tags' });
    await user.click(within(list).getByRole('button', { name: 'Delete weather' }));
    const question = within(list).getByRole('group', { name: 'Delete weather?' });
    expect(question.textContent).toContain('Its 1 item stay, without the tag.');
    // Escape answers Cancel: nothing changes and focus returns to Delete.
    await user.keyboard('{Escape}');
    expect(accountTags()).toContain('weather');
    expect(document.activeElement).toBe(within(list).getByRole('button', { name: 'Delete weather' }));

    await user.click(within(list).getByRole('button', { name: 'Delete weather' }));
    await user.click(within(list).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Deleted the tag weather.'));
    expect(accountTags()).toEqual(['clim', 'storms']);
    expect(tagNames(ids[1]!)).toEqual([]);
    expect((await call('GET', `/v1/items/${ids[1]}`)).status).toBe(200);
    await waitFor(() => expect(within(list).queryByRole('heading', { name: 'weather' })).toBeNull());
  });

  it('says plainly that a rename offline was not done, and shows the old name again', async () => {
    const user = userEvent.setup();
    renderRouted(<TagSettings />);
    const list = await screen.findByRole('list', { name: 'Tags' });
    // Tag changes are not queued in the outbox (like folders): offline they fail, and say so.
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    configureApi({ base: `http://127.0.0.1:${await closedPort()}`, headers: { authorization: `Bearer ${local.token}` } });
    try {
      await user.click(within(list).getByRole('button', { name: 'Rename clim' }));
      const field = within(list).getByRole('textbox', { name: 'New name for clim' });
      await user.clear(field);
      await user.type(field, 'climate{Enter}');
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe('You are offline: this was not done. Try again when you are back online.'));
      expect(within(list).getByRole('heading', { name: 'clim' })).toBeTruthy();
      expect(accountTags()).toEqual(['clim', 'storms', 'weather']);
    } finally {
      Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
      configureApi({ base: local.base, headers: { authorization: `Bearer ${local.token}` } });
    }
  });

  it('refuses a name too long with the service’s sentence and changes nothing', async () => {
    const user = userEvent.setup();
    renderRouted(<TagSettings />);
    const list = await screen.findByRole('list', { name: 'Tags' });
    await user.click(within(list).getByRole('button', { name: 'Rename clim' }));
    const field = within(list).getByRole('textbox', { name: 'New name for clim' }) as HTMLInputElement;
    // The field's maxLength stops typing; a pasted value past it is still sent and refused.
    field.removeAttribute('maxlength');
    await user.clear(field);
    await user.type(field, `${'x'.repeat(65)}{Enter}`);
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/name/));
    expect(accountTags()).toEqual(['clim', 'storms', 'weather']);
  });
});

describe('Settings › Saved searches', () => {
  beforeEach(async () => {
    clearOrganising();
    expect((await call('POST', '/v1/saved-searches', { name: 'Harbour news', query_data: { q: 'harbour' } })).status).toBe(201);
    expect((await call('POST', '/v1/saved-searches', { name: 'Storms', query_data: { q: 'storm' } })).status).toBe(201);
  });

  it('renames a saved search through to the service', async () => {
    const user = userEvent.setup();
    renderRouted(<SavedSearchSettings />);
    const list = await screen.findByRole('list', { name: 'Saved searches' });
    expect(within(list).getByRole('heading', { name: 'Harbour news', level: 2 }).closest('li')!.textContent).toContain('Searches for “harbour”');
    await user.click(within(list).getByRole('button', { name: 'Rename Harbour news' }));
    const field = within(list).getByRole('textbox', { name: 'New name for Harbour news' });
    await user.clear(field);
    await user.type(field, 'Quay news{Enter}');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Renamed Harbour news to Quay news.'));
    expect(savedSearchNames()).toEqual(['Quay news', 'Storms']);
    expect(document.activeElement).toBe(within(list).getByRole('button', { name: 'Rename Quay news' }));
  });

  it('says a name another saved search has is taken (409), and keeps both', async () => {
    const user = userEvent.setup();
    renderRouted(<SavedSearchSettings />);
    const list = await screen.findByRole('list', { name: 'Saved searches' });
    await user.click(within(list).getByRole('button', { name: 'Rename Storms' }));
    const field = within(list).getByRole('textbox', { name: 'New name for Storms' });
    await user.clear(field);
    await user.type(field, 'Harbour news{Enter}');
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('A saved search named "Harbour news" already exists.'));
    expect(savedSearchNames()).toEqual(['Harbour news', 'Storms']);
    // The form stays open with what was typed, to correct it.
    expect((within(list).getByRole('textbox', { name: 'New name for Storms' }) as HTMLInputElement).value).toBe('Harbour news');
    await waitFor(() => expect(within(list).getAllByRole('heading', { name: 'Harbour news' })).toHaveLength(1));
  });

  it('deletes a saved search only after confirming', async () => {
    const user = userEvent.setup();
    renderRouted(<SavedSearchSettings />);
    const list = await screen.findByRole('list', { name: 'Saved searches' });
    await user.click(within(list).getByRole('button', { name: 'Delete Storms' }));
    await user.click(within(list).getByRole('button', { name: 'Cancel' }));
    expect(savedSearchNames()).toEqual(['Harbour news', 'Storms']);
    await user.click(within(list).getByRole('button', { name: 'Delete Storms' }));
    await user.click(within(list).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Deleted the saved search Storms.'));
    expect(savedSearchNames()).toEqual(['Harbour news']);
    await waitFor(() => expect(within(list).queryByRole('heading', { name: 'Storms' })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('status'));
  });
});

describe('tag entry in the reader', () => {
  it('offers the account’s existing tags, not the item’s own, as completions of the tag field', async () => {
    clearOrganising();
    const [tagged, other] = local.addFeed(`Quay ${Math.random()}`, [{ title: 'Ferry timetable' }, { title: 'Crane repairs' }]);
    expect((await call('PATCH', `/v1/items/${tagged}`, { tags: ['ferries', 'harbour'] })).status).toBe(200);
    expect((await call('PATCH', `/v1/items/${other}`, { tags: ['harbour'] })).status).toBe(200);

    const user = userEvent.setup();
    renderRouted(<ItemReader id={other!} />);
    const tags = await screen.findByRole('region', { name: 'Tags' });
    const field = within(tags).getByRole('textbox', { name: 'Add tags' }) as HTMLInputElement;
    await waitFor(() => expect(field.list).not.toBeNull());
    const options = () => [...field.list!.querySelectorAll('option')].map((option) => option.value);
    expect(options()).toEqual(['ferries']);

    // After a comma, each completion keeps what was typed before it.
    await user.type(field, 'cranes, fe');
    expect(options()).toEqual(['cranes, ferries']);
    await user.clear(field);
    await user.type(field, 'ferries{Enter}');
    await waitFor(() => expect(tagNames(other!)).toEqual(['ferries', 'harbour']));
    // The item has every tag now: nothing is left to offer.
    await waitFor(() => expect(field.list).toBeNull());
  });
});

describe('organising against a hosted service', () => {
  it('says tags are managed on that service instead of showing forms that would fail', () => {
    renderRouted(<FirstPartyOnly what="tags"><TagSettings /></FirstPartyOnly>, { mode: 'remote' });
    expect(screen.getByText(/your tags are managed on that service’s own site/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Tags' })).toBeNull();
  });
});
