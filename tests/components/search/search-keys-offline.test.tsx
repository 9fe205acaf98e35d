// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SearchView } from '@/components/search/search-view';
import { outboxStatus } from '@/lib/client/outbox/status';
import { startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';
import { connectionSwitch } from '../../connection-switch';

/*
 * m and s in search results without a connection: queued in the outbox like every change,
 * shown on the results meanwhile (a search run again shows them too), sent when it returns.
 * The browser's offline flag is the test's; the service is the real one.
 */

let local: LocalService;
let ids: string[];
const connection = connectionSwitch();

beforeAll(async () => {
  local = await startLocalService();
  ids = local.addFeed('Morning Gazette', [{ title: 'Harbour reopens after storm' }, { title: 'Harbour market prices' }]);
});
afterAll(() => {
  connection.online = true;
  local.close();
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('keys in search results while offline', () => {
  it('queues m and s, shows them on the results and on the same search run again, and sends them when the connection returns', async () => {
    const user = userEvent.setup();
    renderRouted(<SearchView />, { url: '/search?q=harbour' });
    const results = await screen.findByRole('list', { name: 'Matching items' });

    connection.online = false;
    window.dispatchEvent(new Event('offline'));
    await user.keyboard('jms');
    await waitFor(() => expect(outboxStatus().pending).toHaveLength(2));
    const row = within(results).getByRole('link', { name: 'Harbour reopens after storm' }).closest('li')!;
    await waitFor(() => expect(within(row).getByText('Read, saved')).toBeTruthy());
    expect(local.stateOf(ids[0]!)).toEqual({ is_read: 0, is_saved: 0 });

    // The same search, fetched again from the service, which does not know the changes yet.
    cleanup();
    renderRouted(<SearchView />, { url: '/search?q=harbour' });
    const again = await screen.findByRole('list', { name: 'Matching items' });
    const rowAgain = within(again).getByRole('link', { name: 'Harbour reopens after storm' }).closest('li')!;
    expect(within(rowAgain).getByText('Read, saved')).toBeTruthy();

    connection.reconnect();
    await waitFor(() => expect(outboxStatus()).toMatchObject({ activity: 'idle', pending: [], refused: [] }));
    expect(local.stateOf(ids[0]!)).toEqual({ is_read: 1, is_saved: 1 });
  });
});
