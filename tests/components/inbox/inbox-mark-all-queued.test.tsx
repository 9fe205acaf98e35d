// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InboxRiver } from '@/components/inbox/inbox-river';
import { outboxStatus } from '@/lib/client/outbox/status';
import { startLocalService, type LocalService } from '../local-service';
import { renderApp } from '../render-app';
import { connectionSwitch } from '../../connection-switch';

/*
 * Mark all as read while changes made before it still wait in the outbox (offline, or a
 * replay paused by the service): it must reach the service after them, or a queued
 * "mark unread" sent later undoes it for that item. The browser's offline flag is the
 * test's; the service is the real one.
 */

let local: LocalService;
let ids: string[];
const connection = connectionSwitch();

function isRead(id: string): number {
  return (local.service.db.prepare('SELECT is_read FROM entries WHERE user_id = ? AND item_id = ?').get(local.user.id, id) as { is_read: number }).is_read;
}

beforeAll(async () => {
  local = await startLocalService();
  ids = local.addFeed('Commute Post', Array.from({ length: 4 }, () => ({})));
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

describe('mark all as read after changes that wait to be sent', () => {
  it('goes after them, so an item marked unread before it ends read, and shows on the list while it waits', async () => {
    local.service.db.prepare('UPDATE entries SET is_read = 1 WHERE user_id = ? AND item_id = ?').run(local.user.id, ids[0]);
    const user = userEvent.setup();
    renderApp(<InboxRiver selection={{ view: 'all', type: null }} />);
    await screen.findByRole('button', { name: 'Mark unread: Commute Post item 0' }, { timeout: 5000 });

    connection.online = false;
    window.dispatchEvent(new Event('offline'));
    await user.click(screen.getByRole('button', { name: 'Mark unread: Commute Post item 0' }));
    await waitFor(() => expect(outboxStatus().pending).toHaveLength(1), { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await screen.findByText(/marked read|when the connection returns/, undefined, { timeout: 5000 });
    // While it waits, the list (refreshed after marking) shows it: every item read, item 0 too.
    // The sentence can come a render before the list does, so this waits too (it flaked under load).
    await waitFor(() => {
      for (const index of [0, 1, 2, 3]) {
        expect(screen.getByRole('button', { name: `Mark unread: Commute Post item ${index}` })).toBeTruthy();
      }
    }, { timeout: 5000 });

    connection.reconnect();
    await waitFor(() => expect(outboxStatus()).toMatchObject({ activity: 'idle', pending: [], refused: [] }), { timeout: 5000 });
    expect(ids.map(isRead)).toEqual([1, 1, 1, 1]);
  });
});
