// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ItemReader } from '@/components/reader/item-reader';
import { MARK_READ_STORAGE_KEY } from '@/lib/client/reading-preferences';
import { leaveScrollFor } from '@/lib/client/resume-reading';
import { startLocalService, type LocalService } from '../local-service';
import { renderApp } from '../render-app';

let local: LocalService;
let ids: string[];
beforeAll(async () => {
  local = await startLocalService({ plan: 'pro' });
  ids = local.addFeed('Harbour Gazette', [{ title: 'Tides rise over the harbour wall' }, { title: 'Ferry timetable changes' }]);
});
afterAll(() => local.close());
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('the reader reopened by the installed app', () => {
  it('scrolls back to where the person had read to, once', async () => {
    localStorage.setItem(MARK_READ_STORAGE_KEY, 'manual');
    // jsdom does not scroll: the calls say where the reader asked to go.
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    leaveScrollFor(`/items/${ids[0]}`, 640);
    renderApp(<ItemReader id={ids[0]!} />);
    await screen.findByRole('heading', { level: 1, name: 'Tides rise over the harbour wall' });
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 640));
    cleanup();

    renderApp(<ItemReader id={ids[0]!} />);
    await screen.findByRole('heading', { level: 1, name: 'Tides rise over the harbour wall' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('leaves another item\'s position alone', async () => {
    localStorage.setItem(MARK_READ_STORAGE_KEY, 'manual');
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    leaveScrollFor(`/items/${ids[0]}`, 640);
    renderApp(<ItemReader id={ids[1]!} />);
    await screen.findByRole('heading', { level: 1, name: 'Ferry timetable changes' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
