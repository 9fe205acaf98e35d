// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SavedSearchList } from '@/components/search/saved-search-list';
import { FoldersManager } from '@/components/subscriptions/folders-manager';
import { callApi, configureApi } from '@/lib/client/api-client';
import { closedPort, startLocalService, type LocalService } from '../local-service';
import { renderApp } from '../render-app';
import { connectionSwitch } from '../../connection-switch';

/*
 * Lists a page already showed, opened again after the phone went offline: the fetch on
 * opening fails, and the page keeps what it has and says it is offline (as the inbox does)
 * rather than swapping the list for the notice. The service is the real one until its
 * port is closed; the browser's offline flag is the test's.
 */

let local: LocalService;
const connection = connectionSwitch();

/** The view, with a button that shows it again from scratch, as going to its page again does (the SWR cache stays). */
function OpenedAgain({ view }: { view: () => ReactElement }) {
  const [round, setRound] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setRound(round + 1)}>Open again</button>
      <div key={round}>{view()}</div>
    </>
  );
}

async function goOfflineAndOpenAgain(): Promise<void> {
  connection.online = false;
  configureApi({ base: `http://127.0.0.1:${await closedPort()}` });
  await userEvent.setup().click(screen.getByRole('button', { name: 'Open again' }));
}

beforeAll(async () => {
  local = await startLocalService();
  await callApi('POST', '/v1/folders', { body: { name: 'Science' } });
  await callApi('POST', '/v1/saved-searches', { body: { name: 'Harbour news', query_data: { q: 'harbour' } } });
});
afterAll(async () => {
  connection.online = true;
  await local.close();
});
afterEach(() => {
  cleanup();
  connection.online = true;
  configureApi({ base: local.base, headers: { authorization: `Bearer ${local.token}` } });
});

describe('lists opened again offline', () => {
  it('keeps the saved searches it showed and says it is offline under them', async () => {
    renderApp(<OpenedAgain view={() => <SavedSearchList />} />);
    expect(await screen.findByRole('link', { name: 'Harbour news' })).toBeTruthy();

    await goOfflineAndOpenAgain();

    const notice = await screen.findByRole('alert');
    expect(within(notice).getByRole('heading', { name: 'You are offline' })).toBeTruthy();
    expect(notice.textContent).toContain('Your saved searches could not be brought up to date.');
    expect(screen.getByRole('link', { name: 'Harbour news' })).toBeTruthy();
  });

  it('keeps the folders it showed and says it is offline above them', async () => {
    renderApp(<OpenedAgain view={() => <FoldersManager />} />);
    const folders = await screen.findByRole('list', { name: 'Folders' });
    expect(within(folders).getByText('Science')).toBeTruthy();

    await goOfflineAndOpenAgain();

    const notice = await screen.findByRole('alert');
    expect(within(notice).getByRole('heading', { name: 'You are offline' })).toBeTruthy();
    expect(notice.textContent).toContain('Your folders could not be brought up to date.');
    expect(within(screen.getByRole('list', { name: 'Folders' })).getByText('Science')).toBeTruthy();
  });
});
