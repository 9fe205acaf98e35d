// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InboxRiver } from '@/components/inbox/inbox-river';
import { outboxStatus } from '@/lib/client/outbox/status';
import { startLocalService, type LocalService } from '../local-service';
import { renderApp } from '../render-app';
import { connectionSwitch } from '../../connection-switch';

/*
 * A bulk action on a selection while offline waits in the outbox; the bar where it was pressed
 * must say so, not that it is done. The browser's offline flag is the test's; the service is
 * the real one.
 */

let local: LocalService;
let ids: string[];
const connection = connectionSwitch();

function isSaved(id: string): number {
  return (local.service.db.prepare('SELECT is_saved FROM entries WHERE user_id = ? AND item_id = ?').get(local.user.id, id) as { is_saved: number }).is_saved;
}

beforeAll(async () => {
  local = await startLocalService();
  ids = local.addFeed('Ferry Post', Array.from({ length: 4 }, () => ({})));
});
afterAll(() => {
  connection.online = true;
  local.close();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

describe('a bulk action on a selection while offline', () => {
  it('says in the bar that the items will be updated when the connection returns, and sends them then', async () => {
    const user = userEvent.setup();
    renderApp(<InboxRiver selection={{ view: 'all', type: null }} />);
    await screen.findByRole('checkbox', { name: 'Select Ferry Post item 1' }, { timeout: 5000 });

    connection.online = false;
    window.dispatchEvent(new Event('offline'));
    await user.click(screen.getByRole('checkbox', { name: 'Select Ferry Post item 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Ferry Post item 2' }));
    const bar = screen.getByRole('group', { name: 'Selected items' });
    await user.click(within(bar).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(bar).getByRole('status').textContent).toBe('2 items will be updated when the connection returns.'), { timeout: 5000 });
    expect(outboxStatus().pending).toHaveLength(1);
    expect([isSaved(ids[1]!), isSaved(ids[2]!)]).toEqual([0, 0]);

    connection.reconnect();
    await waitFor(() => expect(outboxStatus()).toMatchObject({ activity: 'idle', pending: [], refused: [] }), { timeout: 5000 });
    expect(ids.map(isSaved)).toEqual([0, 1, 1, 0]);
  });
});
