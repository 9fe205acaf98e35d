// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FoldersManager } from '@/components/subscriptions/folders-manager';
import { startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';

afterEach(() => cleanup());

function folderNames(local: LocalService): string[] {
  return local.service.db.prepare('SELECT name FROM folders WHERE user_id = ? ORDER BY name').pluck().all(local.user.id) as string[];
}


describe('managing folders', () => {
  let local: LocalService;
  beforeAll(async () => {
    local = await startLocalService();
  });
  afterAll(() => local.close());

  it('says there are none yet, then creates one', async () => {
    const user = userEvent.setup();
    renderRouted(<FoldersManager />);
    expect(await screen.findByText(/No folders yet/)).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'New folder name' }), 'Science');
    await user.click(screen.getByRole('button', { name: 'Create folder' }));
    await screen.findByText('Folder Science created.');
    const list = await screen.findByRole('list', { name: 'Folders' });
    expect(within(list).getByRole('link', { name: 'Science' }).getAttribute('href')).toMatch(/^\/subscriptions\?folder=[0-9a-f-]{36}$/);
    expect(folderNames(local)).toEqual(['Science']);
  });

  it('refuses a name that is taken (409) and says why', async () => {
    const user = userEvent.setup();
    renderRouted(<FoldersManager />);
    await screen.findByRole('list', { name: 'Folders' });
    await user.type(screen.getByRole('textbox', { name: 'New folder name' }), 'Science');
    await user.click(screen.getByRole('button', { name: 'Create folder' }));
    await waitFor(() => expect(screen.getAllByRole('status').some((status) => /already/i.test(status.textContent ?? ''))).toBe(true));
    expect(folderNames(local)).toEqual(['Science']);
  });

  it('says a name of only spaces is no name, to create or to rename, and changes nothing', async () => {
    const user = userEvent.setup();
    renderRouted(<FoldersManager />);
    const list = await screen.findByRole('list', { name: 'Folders' });
    await user.type(screen.getByRole('textbox', { name: 'New folder name' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Create folder' }));
    expect(await screen.findByText('Give the folder a name; spaces alone are not one.')).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: 'Rename Science' }));
    const field = within(list).getByRole('textbox', { name: 'New name for Science' });
    await user.clear(field);
    await user.type(field, '  ');
    await user.click(within(list).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(screen.getAllByRole('status').some((status) => status.textContent === 'Give the folder a name; spaces alone are not one.')).toBe(true));
    expect(folderNames(local)).toEqual(['Science']);
  });

  it('renames, pins and deletes a folder', async () => {
    const user = userEvent.setup();
    renderRouted(<FoldersManager />);
    const list = await screen.findByRole('list', { name: 'Folders' });
    await user.click(within(list).getByRole('button', { name: 'Rename Science' }));
    const field = within(list).getByRole('textbox', { name: 'New name for Science' });
    expect(document.activeElement).toBe(field);
    await user.clear(field);
    await user.type(field, 'Sciences');
    await user.click(within(list).getByRole('button', { name: 'Save name' }));
    await screen.findByText('Folder renamed to Sciences.');
    expect(folderNames(local)).toEqual(['Sciences']);

    await user.click(await within(list).findByRole('button', { name: 'Pin Sciences' }));
    await within(list).findByRole('button', { name: 'Unpin Sciences' });
    expect(local.service.db.prepare('SELECT is_pinned FROM folders WHERE user_id = ?').pluck().get(local.user.id)).toBe(1);

    await user.click(within(list).getByRole('button', { name: 'Delete Sciences' }));
    const confirm = within(list).getByRole('group', { name: 'Delete Sciences?' });
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
    await user.click(within(confirm).getByRole('button', { name: 'Yes, delete' }));
    await screen.findByText('Folder Sciences deleted; its subscriptions are now in no folder.');
    expect(folderNames(local)).toEqual([]);
  });

  it('gives focus back to the row when a rename or a delete ends (Escape cancels it too), and to the name field when the row is gone', async () => {
    const user = userEvent.setup();
    renderRouted(<FoldersManager />);
    await user.type(screen.getByRole('textbox', { name: 'New folder name' }), 'Keys{Enter}');
    const list = await screen.findByRole('list', { name: 'Folders' });

    await user.click(within(list).getByRole('button', { name: 'Rename Keys' }));
    await user.keyboard(' two{Enter}');
    await screen.findByText('Folder renamed to Keys two.');
    expect(document.activeElement).toBe(await within(list).findByRole('button', { name: 'Rename Keys two' }));

    await user.keyboard('{Enter}');
    await user.click(within(list).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(within(list).getByRole('button', { name: 'Rename Keys two' }));

    await user.click(within(list).getByRole('button', { name: 'Delete Keys two' }));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(within(list).getByRole('button', { name: 'Delete Keys two' }));

    // Escape answers the question with Cancel, as it would close a dialog.
    await user.keyboard('{Enter}');
    expect(within(list).getByRole('group', { name: 'Delete Keys two?' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(within(list).queryByRole('group', { name: 'Delete Keys two?' })).toBeNull();
    expect(document.activeElement).toBe(within(list).getByRole('button', { name: 'Delete Keys two' }));

    await user.keyboard('{Enter}');
    await user.click(within(list).getByRole('button', { name: 'Yes, delete' }));
    await screen.findByText('Folder Keys two deleted; its subscriptions are now in no folder.');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'New folder name' }));
  });
});
