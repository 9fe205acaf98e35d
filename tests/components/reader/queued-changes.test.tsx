// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ItemReader } from '@/components/reader/item-reader';
import { MARK_READ_STORAGE_KEY } from '@/lib/client/reading-preferences';
import { resetOutboxStatus, updateOutboxStatus } from '@/lib/client/outbox/status';
import { startLocalService, type LocalService } from '../local-service';
import { renderApp } from '../render-app';

afterEach(() => {
  cleanup();
  localStorage.clear();
  resetOutboxStatus();
});

describe('the reader and queued offline changes', () => {
  let local: LocalService;
  let ids: string[];

  beforeAll(async () => {
    local = await startLocalService();
    ids = local.addFeed('Harbour Gazette', [{ title: 'Tides rise over the harbour wall' }, { title: 'Ferry timetable changes' }]);
  });
  afterAll(() => local.close());

  it("shows its own item's queued change, and does not render again for another item's", async () => {
    localStorage.setItem(MARK_READ_STORAGE_KEY, 'manual');
    let commits = 0;
    renderApp(<Profiler id="reader" onRender={() => { commits += 1; }}><ItemReader id={ids[0]!} /></Profiler>);
    await screen.findByRole('button', { name: 'Mark read' });
    // Let the revalidation on mount settle before counting.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));

    const before = commits;
    act(() => updateOutboxStatus({ changes: new Map([[ids[1]!, { is_saved: true }]]) }));
    expect(commits).toBe(before);

    act(() => updateOutboxStatus({ changes: new Map([[ids[1]!, { is_saved: true }], [ids[0]!, { is_read: true }]]) }));
    expect(screen.getByRole('button', { name: 'Mark unread' })).toBeTruthy();
    expect(commits).toBeGreaterThan(before);
  });
});
