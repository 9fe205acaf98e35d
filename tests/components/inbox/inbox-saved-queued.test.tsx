// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InboxRiver } from '@/components/inbox/inbox-river';
import type { InboxView } from '@/lib/client/inbox-view';
import { outboxStatus } from '@/lib/client/outbox/status';
import { startLocalService, type LocalService } from '../local-service';
import { renderApp } from '../render-app';
import { connectionSwitch } from '../../connection-switch';

/*
 * The Saved view while saves and unsaves made offline wait in the outbox: the service's
 * saved list does not know them yet, yet the view shows what the person did. The browser's
 * offline flag is the test's; the service is the real one.
 */

let local: LocalService;
let ids: string[];
const connection = connectionSwitch();

beforeAll(async () => {
  local = await startLocalService();
  ids = local.addFeed('Harbour Post', Array.from({ length: 4 }, () => ({})));
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

/** The inbox with its views, switched as the view links do: the same SWR cache, the river mounted again. */
function Inbox() {
  const [view, setView] = useState<InboxView>('all');
  return (
    <>
      <button type="button" onClick={() => setView('saved')}>Go to Saved</button>
      <InboxRiver key={view} selection={{ view, type: null }} />
    </>
  );
}

function savedRows(): string[] {
  return within(screen.getByRole('list', { name: 'Saved items' })).getAllByRole('button', { name: /^(Save|Unsave): / })
    .map((button) => button.getAttribute('aria-label')!);
}

describe('the Saved view while saves and unsaves wait to be sent', () => {
  it('lists items saved offline at their place and leaves out items unsaved offline, then shows the service’s list once sent', async () => {
    local.setState([ids[1]!, ids[3]!], { is_saved: true });
    const user = userEvent.setup();
    renderApp(<Inbox />);
    await screen.findByRole('button', { name: 'Save: Harbour Post item 0' }, { timeout: 5000 });

    connection.online = false;
    window.dispatchEvent(new Event('offline'));
    await user.click(screen.getByRole('button', { name: 'Save: Harbour Post item 0' }));
    await user.click(screen.getByRole('button', { name: 'Save: Harbour Post item 2' }));
    await user.click(screen.getByRole('button', { name: 'Unsave: Harbour Post item 1' }));
    await waitFor(() => expect(outboxStatus().pending).toHaveLength(3));
    // The row's sentence says the change waits on this device, not that the service has it.
    await waitFor(() => expect(screen.getAllByRole('status').map((status) => status.textContent))
      .toContain('Unsaved: Harbour Post item 1. Kept on this device; it will be sent when the connection returns.'));

    // The saved list comes from the service (offline: the worker's kept copy), which still has item 1 and not 0 or 2.
    await user.click(screen.getByRole('button', { name: 'Go to Saved' }));
    const expected = ['Unsave: Harbour Post item 0', 'Unsave: Harbour Post item 2', 'Unsave: Harbour Post item 3'];
    await waitFor(() => expect(savedRows()).toEqual(expected), { timeout: 5000 });

    connection.reconnect();
    await waitFor(() => expect(outboxStatus()).toMatchObject({ activity: 'idle', pending: [], refused: [] }));
    const saved = local.service.db.prepare('SELECT item_id FROM entries WHERE user_id = ? AND is_saved = 1').pluck().all(local.user.id);
    expect(new Set(saved)).toEqual(new Set([ids[0], ids[2], ids[3]]));
    await waitFor(() => expect(savedRows()).toEqual(expected));
  });
});
