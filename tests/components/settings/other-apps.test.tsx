// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LocalSettings } from '@/components/settings/local-settings';
import { configureApi } from '@/lib/client/api-client';
import { closedPort, startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';

afterEach(() => cleanup());

/** Google Reader's ClientLogin on the service itself, with the form a client posts. */
function clientLogin(local: LocalService, email: string, key: string): Promise<Response> {
  return local.service.fetch(new Request('http://tidings.test/greader/accounts/ClientLogin', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ Email: email, Passwd: key }).toString(),
  }));
}

async function otherAppsSection(): Promise<HTMLElement> {
  return (await screen.findByRole('heading', { name: 'Use with other apps' })).closest('section')!;
}

describe('using the account with other apps, in local mode', () => {
  let local: LocalService;

  beforeAll(async () => {
    local = await startLocalService({ plan: 'pro' });
  });
  afterAll(async () => {
    await local.close();
  });

  it('shows the address of each protocol on this install and the email as the user name', async () => {
    renderRouted(<LocalSettings />);
    const section = await otherAppsSection();
    const valueOf = async (name: string) => ((await within(section).findByRole('textbox', { name })) as HTMLTextAreaElement).value;
    expect(await valueOf('Google Reader API address')).toBe(`${window.location.origin}/greader`);
    expect(await valueOf('Fever address')).toBe(`${window.location.origin}/fever/`);
    expect(await valueOf('gpodder address')).toBe(`${window.location.origin}/gpodder`);
    expect(await valueOf('User name')).toBe('reader@example.com');
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Copy the Fever address' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/fever/`);
  });

  it('makes a key named after the chosen app, shown once, that signs in through ClientLogin until it is revoked', async () => {
    const user = userEvent.setup();
    renderRouted(<LocalSettings />);
    const section = await otherAppsSection();
    const keys = (await screen.findByRole('heading', { name: 'API keys' })).closest('section')!;
    await within(keys).findByText('No API keys yet.');

    await user.selectOptions(within(section).getByRole('combobox', { name: 'App' }), 'Reeder');
    await user.click(within(section).getByRole('button', { name: 'Make a key for this app' }));
    const secret = await within(section).findByRole('textbox', { name: 'Key for Reeder' }) as HTMLTextAreaElement;
    expect(secret.value).toMatch(/^tid_live_/);
    // Focus goes to the key, shown only this once, so it can be copied at once.
    await waitFor(() => expect(document.activeElement).toBe(secret));
    expect(within(section).getByText(/shown only this once/)).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Copy the key for Reeder' }));
    expect(await navigator.clipboard.readText()).toBe(secret.value);

    // It is one of the account's keys, listed where keys are revoked.
    const list = await within(keys).findByRole('list', { name: 'API keys' });
    expect(within(list).getByRole('heading', { name: 'Reeder (Google Reader API)' })).toBeTruthy();

    // The key is the sync password: ClientLogin with the email answers `<email>/<key>` as the Auth token.
    const login = await clientLogin(local, 'reader@example.com', secret.value);
    expect(login.status).toBe(200);
    expect(await login.text()).toContain(`Auth=reader@example.com/${secret.value}`);

    await user.click(within(section).getByRole('button', { name: 'I have copied it' }));
    expect(within(section).queryByRole('textbox', { name: 'Key for Reeder' })).toBeNull();
    expect(document.activeElement).toBe(within(section).getByRole('combobox', { name: 'App' }));

    await user.click(within(list).getByRole('button', { name: 'Revoke Reeder (Google Reader API)' }));
    await user.click(within(list).getByRole('button', { name: 'Yes, revoke' }));
    await within(keys).findByText('No API keys yet.');
    expect((await clientLogin(local, 'reader@example.com', secret.value)).status).toBe(401);
  });

  it('names a key for a podcast app after gpodder, and one for another app plainly', async () => {
    const user = userEvent.setup();
    renderRouted(<LocalSettings />);
    const section = await otherAppsSection();
    const keys = (await screen.findByRole('heading', { name: 'API keys' })).closest('section')!;
    await user.selectOptions(within(section).getByRole('combobox', { name: 'App' }), 'AntennaPod');
    await user.click(within(section).getByRole('button', { name: 'Make a key for this app' }));
    await within(section).findByRole('textbox', { name: 'Key for AntennaPod' });
    await user.selectOptions(within(section).getByRole('combobox', { name: 'App' }), 'Other');
    await user.click(within(section).getByRole('button', { name: 'Make a key for this app' }));
    await within(section).findByRole('textbox', { name: 'Key for Other' });
    const list = await within(keys).findByRole('list', { name: 'API keys' });
    await within(list).findByRole('heading', { name: 'Other app' });
    expect(within(list).getByRole('heading', { name: 'AntennaPod (gpodder)' })).toBeTruthy();
  });

  it('says how the common apps are set up and which protocol each speaks', async () => {
    renderRouted(<LocalSettings />);
    const section = await otherAppsSection();
    const guide = await within(section).findByRole('list', { name: 'How apps are set up' });
    const about = (app: string) => within(guide).getByRole('heading', { name: app }).closest('li')!.textContent;
    expect(about('NetNewsWire')).toContain('Google Reader API');
    expect(about('Unread')).toContain('Fever');
    expect(about('Kasts')).toContain('gpodder');
    // AntennaPod drops a server's path and calls /api/2/… on the host, so it is given the bare address.
    expect(about('AntennaPod')).toContain(`Server: ${window.location.origin}`);
    expect(about('AntennaPod')).not.toContain(`${window.location.origin}/gpodder`);
    expect(within(guide).getAllByRole('listitem')).toHaveLength(11);
  });

  it('says why no key was made when the service cannot be reached, and still shows the addresses', async () => {
    const user = userEvent.setup();
    const countKeys = () => (local.service.db.prepare("SELECT COUNT(*) AS n FROM credentials WHERE kind = 'api_key'").get() as { n: number }).n;
    const before = countKeys();
    try {
      configureApi({ base: `http://127.0.0.1:${await closedPort()}` });
      renderRouted(<LocalSettings />);
      const section = await otherAppsSection();
      expect((within(section).getByRole('textbox', { name: 'Fever address' }) as HTMLTextAreaElement).value).toBe(`${window.location.origin}/fever/`);
      await user.click(within(section).getByRole('button', { name: 'Make a key for this app' }));
      expect(await within(section).findByText(/no answer came, so this may not have been done|You are offline/, {}, { timeout: 10_000 })).toBeTruthy();
      expect(within(section).queryByRole('textbox', { name: 'Key for Reeder' })).toBeNull();
    } finally {
      configureApi({ base: local.base, headers: { authorization: `Bearer ${local.token}` } });
    }
    expect(countKeys()).toBe(before);
  });
});

describe('using the account with other apps, against a hosted service', () => {
  it('is not offered: the hosted service manages its own keys', () => {
    renderRouted(<LocalSettings />, { mode: 'remote' });
    expect(screen.queryByRole('heading', { name: 'Use with other apps' })).toBeNull();
  });
});
