// @vitest-environment jsdom
/*
 * A session that ends while something is on screen (the refresh on reconnecting answers
 * 401): what was shown stays, under one notice whose link signs in and comes back here.
 * The real service over HTTP; a token it does not know stands for the ended session.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InboxRiver } from '@/components/inbox/inbox-river';
import { ItemReader } from '@/components/reader/item-reader';
import { callApi, configureApi } from '@/lib/client/api-client';
import { announceItemsChanged } from '@/lib/client/item-lists';
import { startLocalService, type LocalService } from '../local-service';
import { renderApp } from '../render-app';

let local: LocalService;
let ids: string[];

beforeAll(async () => {
  local = await startLocalService();
  ids = local.addFeed('Harbour Gazette', [{ title: 'Fish market reopens' }, { title: 'Ferry timetable changes' }, { title: 'Lighthouse keeper retires' }]);
});
afterAll(() => local.close());
afterEach(async () => {
  cleanup();
  configureApi({ headers: { authorization: `Bearer ${local.token}` } });
  window.history.replaceState(null, '', '/');
  // Any call that succeeds says the session works again: the next test starts signed in.
  await callApi('GET', '/v1/account');
});

function endSession(): void {
  configureApi({ headers: { authorization: `Bearer tid_app_${'x'.repeat(40)}` } });
}

/** The notices that the session ended, found by their sentence. */
function endedNotices(): HTMLElement[] {
  return screen.queryAllByRole('status').filter((element) => element.textContent?.startsWith('Your session has ended'));
}

async function endedNotice(): Promise<HTMLElement> {
  return waitFor(() => {
    const [found] = endedNotices();
    expect(found).toBeTruthy();
    return found!;
  });
}

describe('a session that ends while content is shown', () => {
  it('keeps the article under a notice whose link signs in and comes back to it, also after a refused change rolls back', async () => {
    renderApp(<ItemReader id={ids[0]!} />);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Fish market reopens' });
    window.history.replaceState(null, '', `/items/${ids[0]}`);
    endSession();
    // SWR refreshes what is on screen when the connection comes back.
    window.dispatchEvent(new Event('online'));
    const notice = await endedNotice();
    expect(within(notice).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/sign-in?next=${encodeURIComponent(`/items/${ids[0]}`)}`);
    const article = heading.closest('article')!;
    expect(article.contains(notice)).toBe(true);
    expect(notice.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(document.querySelector('.reading')).not.toBeNull();
    expect(screen.queryByRole('heading', { name: 'Please sign in again' })).toBeNull();

    // A change refused for the same reason rolls back, which clears SWR's error: the session is still over.
    const save = within(article).getByRole('button', { name: /^(Save|Unsave)$/ });
    const label = save.textContent!;
    await userEvent.click(save);
    await waitFor(() => expect(article.textContent).toContain('Please sign in again: Your session has ended'));
    expect(within(article).getByRole('button', { name: label })).toBeTruthy();
    expect(endedNotices()).toHaveLength(1);
  });

  it('keeps the inbox rows under the notice instead of trading them for the error', async () => {
    renderApp(<InboxRiver selection={{ view: 'unread', type: null }} />);
    const list = await screen.findByRole('list', { name: 'Unread items' });
    const shown = within(list).getAllByRole('listitem').length;
    endSession();
    announceItemsChanged();
    const notice = await endedNotice();
    expect(within(notice).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toMatch(/^\/sign-in\?next=/);
    expect(within(screen.getByRole('list', { name: 'Unread items' })).getAllByRole('listitem')).toHaveLength(shown);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows one notice for the lists of a page and one for the reader beside them, with one sign-in link in the reader\'s, and none once a call succeeds again', async () => {
    renderApp(<><ItemReader id={ids[1]!} /><InboxRiver selection={{ view: 'unread', type: null }} /><InboxRiver selection={{ view: 'all', type: null }} /></>);
    await screen.findByRole('heading', { level: 1, name: 'Ferry timetable changes' });
    await screen.findByRole('list', { name: 'Unread items' });
    endSession();
    window.dispatchEvent(new Event('online'));
    announceItemsChanged();
    await endedNotice();
    // The item and both lists were refused: the lists share one link, and the reader (a pane of its
    // own beside the list, as in three panes) says it above what it shows.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(endedNotices()).toHaveLength(2);
    // One sign-in link for the page, in the notice above what the person reads; the list's says it without one.
    const [link] = screen.getAllByRole('link', { name: 'Sign in' });
    expect(screen.getAllByRole('link', { name: 'Sign in' })).toHaveLength(1);
    expect(link!.closest('article')?.contains(screen.getByRole('heading', { level: 1, name: 'Ferry timetable changes' }))).toBe(true);

    // Signed in again elsewhere: the next refresh succeeds, and the notice goes.
    configureApi({ headers: { authorization: `Bearer ${local.token}` } });
    window.dispatchEvent(new Event('online'));
    announceItemsChanged();
    await waitFor(() => expect(endedNotices()).toHaveLength(0));
    expect(screen.getByRole('heading', { level: 1, name: 'Ferry timetable changes' })).toBeTruthy();
  });
});
