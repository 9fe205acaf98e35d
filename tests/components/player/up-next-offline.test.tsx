// @vitest-environment jsdom
/*
 * Up Next changed offline, against the real service and the real outbox (fake-indexeddb): the
 * new order stays on screen (also when the page loads the queue again), waits in the
 * pending-changes panel in words, and reaches the service when the connection returns.
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OutboxIndicator } from '@/components/offline/outbox-indicator';
import { UpNext } from '@/components/player/up-next';
import { callApi } from '@/lib/client/api-client';
import { outboxStatus } from '@/lib/client/outbox/status';
import { connectionSwitch } from '../../connection-switch';
import { startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';

let local: LocalService;
const connection = connectionSwitch();

beforeAll(async () => {
  local = await startLocalService();
});
afterEach(() => cleanup());
afterAll(() => local.close());

async function serviceQueue(): Promise<string[]> {
  return (await callApi('GET', '/v1/up-next')).data.map((item) => item.title);
}

async function shownQueue(): Promise<string[]> {
  const section = screen.getByRole('region', { name: 'Up Next' });
  const rows = await within(section).findAllByRole('listitem');
  return rows.map((row) => within(row).getByRole('heading', { level: 3 }).textContent ?? '');
}

describe('Up Next offline', () => {
  it('keeps a reorder and a removal made offline on screen, lists them as pending, and sends them when the connection returns', async () => {
    const titles = ['Offline 1', 'Offline 2', 'Offline 3', 'Offline 4'];
    local.addFeed('Offline show', titles.map((title, index) => ({
      title, item_type: 'episode' as const, audio_url: `https://example.com/offline-${index}.mp3`, duration_seconds: 600,
    })), { sourceType: 'podcast' });
    const [first, second, third, fourth] = titles;
    const user = userEvent.setup();
    renderRouted(<UpNext />, { url: '/episodes' });
    render(<OutboxIndicator />);
    await waitFor(async () => expect(await shownQueue()).toEqual(titles));

    connection.online = false;
    window.dispatchEvent(new Event('offline'));
    await user.click(screen.getByRole('button', { name: `Move down: ${first}` }));
    await waitFor(async () => expect(await shownQueue()).toEqual([second, first, third, fourth]));
    await user.click(screen.getByRole('button', { name: `Move down: ${first}` }));
    await waitFor(async () => expect(await shownQueue()).toEqual([second, third, first, fourth]));
    await user.click(screen.getByRole('button', { name: `Remove from Up Next: ${fourth}` }));
    await waitFor(() => expect(outboxStatus().pending).toHaveLength(2));
    expect(await shownQueue()).toEqual([second, third, first]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await serviceQueue()).toEqual(titles);

    const region = await screen.findByRole('complementary', { name: 'Offline and sync' });
    await user.click(within(region).getByRole('button', { name: '2 changes waiting' }));
    expect(within(region).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Reorder Up Next', `Remove “${fourth}” from Up Next`]);

    // The page loads the queue again (the service, or a kept copy, still has the old order): the change stays.
    cleanup();
    renderRouted(<UpNext />, { url: '/episodes' });
    await waitFor(async () => expect(await shownQueue()).toEqual([second, third, first]));

    connection.reconnect();
    await waitFor(() => expect(outboxStatus().pending).toEqual([]));
    expect(await serviceQueue()).toEqual([second, third, first]);
    expect(await shownQueue()).toEqual([second, third, first]);
  });
});
