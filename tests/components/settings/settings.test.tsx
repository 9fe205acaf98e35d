// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppearanceSettings, ReadingSettings } from '@/components/settings/appearance-settings';
import { LocalSettings } from '@/components/settings/local-settings';
import { ShortcutSettings } from '@/components/settings/shortcut-settings';
import { TEXT_SIZE_STORAGE_KEY, THEME_STORAGE_KEY } from '@/components/shell/theme-script';
import { configureApi } from '@/lib/client/api-client';
import { MARK_READ_STORAGE_KEY, readMarkReadMode } from '@/lib/client/reading-preferences';
import { actionForKey, SHORTCUTS_STORAGE_KEY } from '@/lib/client/shortcuts';
import { FeedServer } from '../../lib/service/feed-server';
import { startLocalService, type LocalService, withUnavailableService } from '../local-service';
import { renderRouted } from '../render-routed';

afterEach(() => {
  cleanup();
  localStorage.clear();
  delete document.documentElement.dataset.theme;
  delete document.documentElement.dataset.textSize;
});

describe('settings kept on this device', () => {
  it('pins a dark or light theme on <html> and in storage, and hands it back to the device', async () => {
    const user = userEvent.setup();
    renderRouted(<AppearanceSettings />);
    const theme = screen.getByRole('group', { name: 'Theme' });
    expect((within(theme).getByRole('radio', { name: 'As the device' }) as HTMLInputElement).checked).toBe(true);

    await user.click(within(theme).getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await user.click(within(theme).getByRole('radio', { name: 'Light' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    await user.click(within(theme).getByRole('radio', { name: 'As the device' }));
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('changes the reading text size', async () => {
    const user = userEvent.setup();
    renderRouted(<AppearanceSettings />);
    const size = screen.getByRole('group', { name: 'Text size' });
    await user.click(within(size).getByRole('radio', { name: 'Larger' }));
    expect(document.documentElement.dataset.textSize).toBe('larger');
    expect(localStorage.getItem(TEXT_SIZE_STORAGE_KEY)).toBe('larger');
    await user.click(within(size).getByRole('radio', { name: 'Normal' }));
    expect(document.documentElement.dataset.textSize).toBeUndefined();
  });

  it('shows a theme chosen in another tab', async () => {
    renderRouted(<AppearanceSettings />);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY }));
    await waitFor(() => expect((screen.getByRole('radio', { name: 'Dark' }) as HTMLInputElement).checked).toBe(true));
  });

  it('sets mark-read-on-open in the setting the reader and inbox read', async () => {
    const user = userEvent.setup();
    renderRouted(<ReadingSettings />);
    const group = screen.getByRole('group', { name: 'Mark an item read' });
    expect((within(group).getByRole('radio', { name: 'When I open it' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(group).getByRole('radio', { name: 'Only when I mark it' }));
    expect(localStorage.getItem(MARK_READ_STORAGE_KEY)).toBe('manual');
    expect(readMarkReadMode()).toBe('manual');
  });

  it('offers marking read on scrolling past in the inbox, and keeps that choice', async () => {
    const user = userEvent.setup();
    renderRouted(<ReadingSettings />);
    const group = screen.getByRole('group', { name: 'Mark an item read' });
    await user.click(within(group).getByRole('radio', { name: 'When I scroll past it in the inbox' }));
    expect(localStorage.getItem(MARK_READ_STORAGE_KEY)).toBe('on-scroll');
    expect(readMarkReadMode()).toBe('on-scroll');
    localStorage.setItem(MARK_READ_STORAGE_KEY, 'sometimes');
    expect(readMarkReadMode()).toBe('on-open');
  });

  it('remaps a shortcut by pressing the new key, refuses a key in use, and restores defaults', async () => {
    const user = userEvent.setup();
    renderRouted(<ShortcutSettings />);
    const next = screen.getByRole('textbox', { name: 'Next item' }) as HTMLInputElement;
    expect(next.value).toBe('j');
    await user.click(next);
    await user.keyboard('n');
    expect(next.value).toBe('n');
    expect(JSON.parse(localStorage.getItem(SHORTCUTS_STORAGE_KEY)!)).toEqual({ next: 'n' });
    expect(screen.getByRole('status').textContent).toBe('Next item: now n.');
    expect(actionForKey(new KeyboardEvent('keydown', { key: 'n' }))).toBe('next');
    expect(actionForKey(new KeyboardEvent('keydown', { key: 'j' }))).toBeNull();

    await user.keyboard('k');
    expect(next.value).toBe('n');
    expect(screen.getByRole('status').textContent).toBe('k is already the key for “Previous item”; choose another.');

    await user.keyboard('{Backspace}');
    expect(next.value).toBe('j');
    await user.click(screen.getByRole('textbox', { name: 'Save or unsave' }));
    await user.keyboard('x');
    await user.click(screen.getByRole('button', { name: 'Restore defaults' }));
    expect(localStorage.getItem(SHORTCUTS_STORAGE_KEY)).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Save or unsave' }) as HTMLInputElement).value).toBe('s');
  });

  it('refuses to put back a default key that another shortcut has taken since, saying which', async () => {
    const user = userEvent.setup();
    renderRouted(<ShortcutSettings />);
    const next = screen.getByRole('textbox', { name: 'Next item' }) as HTMLInputElement;
    const previous = screen.getByRole('textbox', { name: 'Previous item' }) as HTMLInputElement;
    await user.click(next);
    await user.keyboard('n');
    await user.click(previous);
    await user.keyboard('j');
    expect(previous.value).toBe('j');

    await user.click(next);
    await user.keyboard('{Backspace}');
    expect(next.value).toBe('n');
    expect(screen.getByRole('status').textContent).toBe('j, the default, is now the key for “Previous item”; change that one first.');
    expect(JSON.parse(localStorage.getItem(SHORTCUTS_STORAGE_KEY)!)).toEqual({ next: 'n', previous: 'j' });
    expect(actionForKey(new KeyboardEvent('keydown', { key: 'j' }))).toBe('previous');
  });
});

describe('account settings in local mode', () => {
  let local: LocalService;
  let readwise: FeedServer;
  const previousUrl = process.env.TIDINGS_READWISE_URL;

  beforeAll(async () => {
    // A stand-in for Readwise's API: one token is accepted.
    readwise = await new FeedServer().start();
    readwise.route('/api/v2/auth/', (request, response) => {
      response.writeHead(request.headers.authorization === 'Token good-token' ? 204 : 401);
      response.end();
    });
    process.env.TIDINGS_READWISE_URL = readwise.baseUrl;
    local = await startLocalService({ plan: 'pro' });
  });
  afterAll(async () => {
    await local.close();
    await readwise.stop();
    if (previousUrl === undefined) delete process.env.TIDINGS_READWISE_URL;
    else process.env.TIDINGS_READWISE_URL = previousUrl;
  });

  it('shows the plan with its limits and features', async () => {
    renderRouted(<LocalSettings />);
    const plan = (await screen.findByRole('heading', { name: 'Plan' })).closest('section')!;
    expect(await within(plan).findByText('Pro plan')).toBeTruthy();
    expect(within(plan).getByText('Up to 1,000 subscriptions')).toBeTruthy();
    const features = within(plan).getByRole('list', { name: 'Plan features' });
    expect(within(features).getByText('Stories').closest('li')!.textContent).toContain('included');
    expect(within(features).getByText('Searching beyond your subscriptions').closest('li')!.textContent).toContain('not included');
  });

  it('creates an API key shown once with Copy, lists it, and revokes it after confirming', async () => {
    const user = userEvent.setup();
    renderRouted(<LocalSettings />);
    const keys = (await screen.findByRole('heading', { name: 'API keys' })).closest('section')!;
    expect(await within(keys).findByText('No API keys yet.')).toBeTruthy();
    await user.type(within(keys).getByRole('textbox', { name: 'Name of the new key' }), 'Feed script');
    await user.click(within(keys).getByRole('button', { name: 'Create key' }));

    const secret = await within(keys).findByRole('textbox', { name: 'The new key' }) as HTMLInputElement;
    expect(secret.value).toMatch(/^tid_live_/);
    await user.click(within(keys).getByRole('button', { name: 'Copy the new key' }));
    expect(await navigator.clipboard.readText()).toBe(secret.value);
    const list = await within(keys).findByRole('list', { name: 'API keys' });
    expect(within(list).getByRole('heading', { name: 'Feed script' })).toBeTruthy();
    // The key works on the service's Bearer operations.
    const answer = await fetch(`${local.base}/v1/subscriptions`, { headers: { authorization: `Bearer ${secret.value}` } });
    expect(answer.status).toBe(200);

    // Each step that removes the focused button gives focus to what comes next, not to <body>.
    const nameField = within(keys).getByRole('textbox', { name: 'Name of the new key' });
    await user.click(within(keys).getByRole('button', { name: 'I have copied it' }));
    expect(document.activeElement).toBe(nameField);
    await user.click(within(list).getByRole('button', { name: 'Revoke Feed script' }));
    await user.click(within(list).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(within(list).getByRole('button', { name: 'Revoke Feed script' }));
    await user.click(within(list).getByRole('button', { name: 'Revoke Feed script' }));
    await user.click(within(list).getByRole('button', { name: 'Yes, revoke' }));
    await within(keys).findByText('No API keys yet.');
    expect(document.activeElement).toBe(nameField);
    expect((await fetch(`${local.base}/v1/subscriptions`, { headers: { authorization: `Bearer ${secret.value}` } })).status).toBe(401);
  });

  it('says a key name of only spaces is no name, and creates no key', async () => {
    const user = userEvent.setup();
    renderRouted(<LocalSettings />);
    const keys = (await screen.findByRole('heading', { name: 'API keys' })).closest('section')!;
    await within(keys).findByText('No API keys yet.');
    await user.type(within(keys).getByRole('textbox', { name: 'Name of the new key' }), '   ');
    await user.click(within(keys).getByRole('button', { name: 'Create key' }));
    expect(await within(keys).findByText('Give the key a name; spaces alone are not one.')).toBeTruthy();
    expect(within(keys).getByText('No API keys yet.')).toBeTruthy();
  });

  it('links a read-later service with its credentials, says when they are refused, and unlinks it', async () => {
    const user = userEvent.setup();
    renderRouted(<LocalSettings />);
    const services = await screen.findByRole('list', { name: 'Read-later services' });
    const item = within(services).getByRole('heading', { name: 'Readwise Reader' }).closest('li')!;
    const form = within(item).getByRole('form', { name: 'Link Readwise Reader' });
    await user.type(within(form).getByLabelText('Access token'), 'bad-token');
    await user.click(within(form).getByRole('button', { name: 'Link Readwise Reader' }));
    await waitFor(() => expect(within(item).getByRole('status').textContent).toContain('Readwise did not accept that access token.'));

    await user.clear(within(form).getByLabelText('Access token'));
    await user.type(within(form).getByLabelText('Access token'), 'good-token');
    await user.click(within(form).getByRole('button', { name: 'Link Readwise Reader' }));
    await waitFor(() => expect(within(item).getByRole('status').textContent).toBe('Readwise Reader is linked as Readwise Reader.'));
    expect(within(item).getByText('Linked')).toBeTruthy();
    // The pressed button went with the form; the control that replaced it has focus, not <body>.
    expect(document.activeElement).toBe(within(item).getByRole('button', { name: 'Unlink Readwise Reader' }));

    await user.click(within(item).getByRole('button', { name: 'Unlink Readwise Reader' }));
    await waitFor(() => expect(within(item).getByRole('status').textContent).toBe('Readwise Reader is unlinked.'));
    expect(within(item).getByRole('form', { name: 'Link Readwise Reader' })).toBeTruthy();
    expect(document.activeElement).toBe(within(item).getByLabelText('Access token'));
  });

  it('asks for every field wallabag needs', async () => {
    renderRouted(<LocalSettings />);
    const services = await screen.findByRole('list', { name: 'Read-later services' });
    const form = within(services).getByRole('form', { name: 'Link wallabag' });
    for (const label of ['Server address', 'Client ID', 'Client secret', 'Username', 'Password']) {
      expect(within(form).getByLabelText(label)).toBeTruthy();
    }
    const instapaper = within(services).getByRole('form', { name: 'Link Instapaper' });
    expect(within(instapaper).getByLabelText('Email or username')).toBeTruthy();
    expect(within(instapaper).getByLabelText('Password')).toBeTruthy();
  });

  it('explains when the account cannot be loaded (503)', async () => {
    try {
      await withUnavailableService('Busy.', async () => {
        renderRouted(<LocalSettings />);
        const alerts = await screen.findAllByRole('alert');
        expect(alerts.some((alert) => within(alert).queryByRole('heading', { name: 'The service is unavailable' }))).toBe(true);
      });
    } finally {
      configureApi({ base: local.base, headers: { authorization: `Bearer ${local.token}` } });
    }
  });
});

describe('account settings against a hosted service', () => {
  it('says the account is managed on that service instead of showing broken forms', () => {
    renderRouted(<LocalSettings />, { mode: 'remote' });
    expect(screen.getByRole('heading', { name: 'Account' })).toBeTruthy();
    expect(screen.getByText(/managed on that service’s own site/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'API keys' })).toBeNull();
  });
});
