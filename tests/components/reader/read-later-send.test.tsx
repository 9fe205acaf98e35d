// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ItemReader } from '@/components/reader/item-reader';
import { MARK_READ_STORAGE_KEY } from '@/lib/client/reading-preferences';
import { startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';
import { startReadLaterStandIn, standInBaseUrls, type ReadLaterStandIn } from '../../lib/service/read-later/stand-in';

let api: ReadLaterStandIn;
let fetchSpy: MockInstance<typeof fetch>;
beforeAll(async () => { api = await startReadLaterStandIn(); });
afterAll(() => api.close());
beforeEach(() => {
  localStorage.setItem(MARK_READ_STORAGE_KEY, 'manual');
  fetchSpy = vi.spyOn(globalThis, 'fetch');
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
});

function startService(): Promise<LocalService> {
  return startLocalService({
    plan: 'pro',
    config: { readLaterBaseUrls: standInBaseUrls(api.url) },
  });
}

async function link(local: LocalService, service: string, body: object): Promise<void> {
  const answer = await fetch(`${local.base}/v1/read-later/${service}`, {
    method: 'PUT', headers: { authorization: `Bearer ${local.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  expect(answer.status).toBe(200);
}

/** Waits until the reader has its read-later links (or has asked for none), so an absence means something. */
async function readerSettled(title: string, linksAsked: boolean): Promise<void> {
  await screen.findByRole('heading', { level: 1, name: title });
  const asked = () => fetchSpy.mock.calls.findIndex(([url]) => String(url).endsWith('/v1/read-later'));
  if (linksAsked) {
    await waitFor(() => expect(asked()).toBeGreaterThanOrEqual(0));
    await act(async () => { await fetchSpy.mock.results[asked()]!.value; });
  } else {
    await act(async () => { await new Promise((resolve) => setTimeout(resolve, 50)); });
    expect(asked()).toBe(-1);
  }
}

function setPlan(local: LocalService, plan: string): void {
  local.service.db.prepare('UPDATE users SET plan = ? WHERE id = ?').run(plan, local.user.id);
}

describe('sending an article to linked read-later services', () => {
  let local: LocalService;
  let article: string;
  let episode: string;

  beforeAll(async () => {
    local = await startService();
    await link(local, 'readwise', { token: 'rw-token' });
    await link(local, 'raindrop', { token: 'rd-token' });
    [article] = local.addFeed('Harbour Gazette', [{ title: 'Tides rise over the harbour wall', url: 'https://example.org/tides' }]);
    [episode] = local.addFeed('Night Radio', [{ title: 'Episode one', item_type: 'episode', audio_url: 'https://example.com/1.mp3' }], { sourceType: 'podcast' });
  });
  afterAll(() => local.close());

  it('offers one button per linked service and says when the article was sent', async () => {
    const user = userEvent.setup();
    renderRouted(<ItemReader id={article!} />, { url: `/items/${article}` });
    await user.click(await screen.findByRole('button', { name: 'Send to Readwise Reader' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Sent to Readwise Reader.'));
    expect(screen.getByRole('button', { name: 'Send to Raindrop.io' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Send to (Instapaper|wallabag)/ })).toBeNull();
    const saved = api.seen.find((request) => request.path === '/readwise/api/v3/save/')!;
    expect(saved.authorization).toBe('Token rw-token');
    expect(JSON.parse(saved.body)).toMatchObject({ url: 'https://example.org/tides', title: 'Tides rise over the harbour wall' });
  });

  it('draws an icon, hidden from assistive technology, before each button\'s words, as the reader\'s other actions do', async () => {
    renderRouted(<ItemReader id={article!} />, { url: `/items/${article}` });
    const button = await screen.findByRole('button', { name: 'Send to Readwise Reader' });
    const icon = button.firstElementChild!;
    expect(icon.tagName.toLowerCase()).toBe('svg');
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    const sizing = (element: Element) => element.getAttribute('class')!.split(/\s+/).filter((name) => /^(size|shrink)-/.test(name)).sort();
    const save = screen.getByRole('button', { name: 'Save' }).firstElementChild!;
    expect(sizing(icon)).toEqual(sizing(save));
    expect(sizing(icon)).toEqual(['shrink-0', 'size-4']);
  });

  it('gives the service\'s reason when a link is gone since the page loaded (400)', async () => {
    const user = userEvent.setup();
    renderRouted(<ItemReader id={article!} />, { url: `/items/${article}` });
    const button = await screen.findByRole('button', { name: 'Send to Raindrop.io' });
    local.service.db.prepare("DELETE FROM read_later_links WHERE user_id = ? AND service = 'raindrop'").run(local.user.id);
    await user.click(button);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Raindrop.io did not take it: raindrop is not linked; link it in Settings first.'));
    await link(local, 'raindrop', { token: 'rd-token' });
  });

  it('explains the plan when it no longer includes read-later (402)', async () => {
    const user = userEvent.setup();
    renderRouted(<ItemReader id={article!} />, { url: `/items/${article}` });
    const button = await screen.findByRole('button', { name: 'Send to Readwise Reader' });
    setPlan(local, 'free');
    try {
      await user.click(button);
      await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Not included in your plan: .*needs the Pro or Plus plan; this account is on the Free plan\.$/));
    } finally {
      setPlan(local, 'pro');
    }
  });

  it('offers nothing on an episode', async () => {
    renderRouted(<ItemReader id={episode!} />, { url: `/items/${episode}` });
    await readerSettled('Episode one', false);
    expect(screen.queryByRole('button', { name: /^Send to/ })).toBeNull();
  });

  it('offers nothing against a hosted service, which has no read-later links to read', async () => {
    renderRouted(<ItemReader id={article!} />, { url: `/items/${article}`, mode: 'remote' });
    await readerSettled('Tides rise over the harbour wall', false);
    expect(screen.queryByRole('button', { name: /^Send to/ })).toBeNull();
  });
});

describe('sending to read-later with nothing linked', () => {
  let local: LocalService;
  beforeAll(async () => { local = await startService(); });
  afterAll(() => local.close());

  it('offers no Send button', async () => {
    const [article] = local.addFeed('Harbour Gazette', [{ title: 'Fish market reopens' }]);
    renderRouted(<ItemReader id={article!} />, { url: `/items/${article}` });
    await readerSettled('Fish market reopens', true);
    expect(screen.queryByRole('button', { name: /^Send to/ })).toBeNull();
  });
});
