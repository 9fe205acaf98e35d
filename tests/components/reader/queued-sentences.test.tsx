// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ItemReader } from '@/components/reader/item-reader';
import { MARK_READ_STORAGE_KEY } from '@/lib/client/reading-preferences';
import { outboxStatus, resetOutboxStatus } from '@/lib/client/outbox/status';
import { startLocalService, type LocalService } from '../local-service';
import { renderApp } from '../render-app';
import { connectionSwitch } from '../../connection-switch';

/*
 * What the reader says after a change made offline: the change waits in the outbox, so the
 * sentence must not read as if the service already had it. The browser's offline flag is the
 * test's; the service is the real one.
 */

let local: LocalService;
let ids: string[];
const connection = connectionSwitch();

beforeAll(async () => {
  local = await startLocalService();
  ids = local.addFeed('Harbour Gazette', [{ title: 'Tides rise over the harbour wall' }]);
});
afterAll(() => {
  connection.online = true;
  local.close();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  resetOutboxStatus();
});

describe('the reader’s sentences for changes made offline', () => {
  it('says a save made offline is kept on this device until the connection returns, then the service has it', async () => {
    localStorage.setItem(MARK_READ_STORAGE_KEY, 'manual');
    const user = userEvent.setup();
    renderApp(<ItemReader id={ids[0]!} />);
    await screen.findByRole('heading', { level: 1, name: 'Tides rise over the harbour wall' });

    connection.online = false;
    window.dispatchEvent(new Event('offline'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('status').textContent)
      .toBe('Saved. Kept on this device; it will be sent when the connection returns.'));
    await user.click(screen.getByRole('button', { name: 'Mark read' }));
    await waitFor(() => expect(screen.getByRole('status').textContent)
      .toBe('Marked read. Kept on this device; it will be sent when the connection returns.'));
    expect(outboxStatus().pending).toHaveLength(2);
    expect(local.stateOf(ids[0]!)).toMatchObject({ is_saved: 0, is_read: 0 });

    connection.reconnect();
    await waitFor(() => expect(local.stateOf(ids[0]!)).toMatchObject({ is_saved: 1, is_read: 1 }));
  });
});
