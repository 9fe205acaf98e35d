// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StoriesView } from '@/components/stories/stories-view';
import { outboxStatus } from '@/lib/client/outbox/status';
import { startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';
import { connectionSwitch } from '../../connection-switch';

/*
 * A story marked read while offline waits in the outbox, shown read at once, and reaches the
 * service when the connection returns. The browser's offline flag is the test's; the service
 * is the real one.
 */

let local: LocalService;
let articles: string[];
const connection = connectionSwitch();
const report = 'Snow closed the mountain pass at Brenlow overnight; lorries were turned back and the village cut off until the ploughs came.';

function reportSnow(outlet: string, title: string): string {
  const [id] = local.addFeed(outlet, [{ title, summary: report, content: `<p>${report} ${outlet} reports.</p>` }]);
  const row = local.service.db.prepare('SELECT feed_id, title, summary, content, published_at, url FROM items WHERE id = ?').get(id) as
    { feed_id: string; title: string; summary: string; content: string; published_at: string; url: string };
  local.service.intelligence.addItem({ id: id!, source_id: row.feed_id, title: row.title, summary: row.summary, content: row.content, published_at: row.published_at, url: row.url });
  return id!;
}

beforeAll(async () => {
  local = await startLocalService({ plan: 'pro' });
  articles = [
    reportSnow('Valley News', 'Snow closes Brenlow pass, village cut off'),
    reportSnow('Mountain Courier', 'Brenlow pass closed by snow; village cut off until ploughs arrive'),
  ];
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

describe('a story marked read while offline', () => {
  it('shows read at once, says it waits for the connection, and reaches the service when it returns', async () => {
    const user = userEvent.setup();
    renderRouted(<StoriesView />, { url: '/stories' });
    const story = within(await screen.findByRole('list', { name: 'Stories' }, { timeout: 5000 })).getAllByRole('listitem')[0]!;
    expect(story.textContent).toContain('· 2 unread');

    connection.online = false;
    window.dispatchEvent(new Event('offline'));
    await user.click(within(story).getByRole('button', { name: 'Mark story read' }));
    expect(await within(story).findByText('2 items will be updated when the connection returns.', {}, { timeout: 5000 })).toBeTruthy();
    expect(story.textContent).toContain('· all read');
    expect(outboxStatus().pending).toHaveLength(1);
    expect(articles.map((id) => local.stateOf(id).is_read)).toEqual([0, 0]);

    connection.reconnect();
    await waitFor(() => expect(outboxStatus()).toMatchObject({ activity: 'idle', pending: [], refused: [] }), { timeout: 5000 });
    expect(articles.map((id) => local.stateOf(id).is_read)).toEqual([1, 1]);
  });
});
