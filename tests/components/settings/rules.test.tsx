// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RuleSettings } from '@/components/settings/rule-settings';
import { startLocalService, type LocalService } from '../local-service';
import { renderRouted } from '../render-routed';

let local: LocalService;
let ids: string[];

beforeAll(async () => {
  local = await startLocalService({ plan: 'pro' });
});
afterAll(async () => {
  await local.close();
});
beforeEach(() => {
  local.service.db.prepare('DELETE FROM rules WHERE user_id = ?').run(local.user.id);
  // Each test sees only its own two items.
  local.service.db.prepare('DELETE FROM entries WHERE user_id = ?').run(local.user.id);
  ids = local.addFeed(`Lang ${Math.random()}`, [{ title: 'Rust 1.80 released' }, { title: 'Gardening tips' }]);
});
afterEach(() => {
  cleanup();
});

function storedRules(): { match: string; words: string | null; action: string }[] {
  return local.service.db.prepare('SELECT match, words, action FROM rules WHERE user_id = ? ORDER BY created_at').all(local.user.id) as
    { match: string; words: string | null; action: string }[];
}

async function newRuleForm() {
  return within(await screen.findByRole('region', { name: 'New rule' }));
}

describe('Settings › Rules', () => {
  it('previews a new rule, showing how many items it matches and their titles, then creates it', async () => {
    const user = userEvent.setup();
    renderRouted(<RuleSettings />);
    const form = await newRuleForm();
    expect(screen.getByText('No rules yet: make one below.')).toBeTruthy();
    await user.type(form.getByRole('textbox', { name: 'Words' }), 'rust, python');
    await user.click(form.getByRole('button', { name: 'Preview' }));

    await waitFor(() => expect(form.getByText('It matches 1 item now; running it would change 1 item.')).toBeTruthy());
    expect(within(form.getByRole('list', { name: 'Newest matches' })).getByRole('listitem').textContent).toContain('Rust 1.80 released');
    expect(storedRules()).toEqual([]);

    await user.click(form.getByRole('button', { name: 'Create rule' }));
    const status = screen.getAllByRole('status')[0]!;
    await waitFor(() => expect(status.textContent).toBe('Created the rule: When the title has any of “rust”, “python”: mark read. It applies to items that arrive from now on.'));
    expect(document.activeElement).toBe(status);
    expect(storedRules()).toEqual([{ match: 'any_words', words: '["rust","python"]', action: 'mark_read' }]);
    const list = await screen.findByRole('list', { name: 'Rules' });
    expect(within(list).getByRole('heading', { name: 'Rule 1', level: 2 })).toBeTruthy();
    // The form is empty again for the next rule.
    expect((form.getByRole('textbox', { name: 'Words' }) as HTMLInputElement).value).toBe('');
  });

  it('runs a rule on the existing items after asking, and says what it did', async () => {
    const user = userEvent.setup();
    renderRouted(<RuleSettings />);
    const form = await newRuleForm();
    await user.selectOptions(form.getByRole('combobox', { name: 'Then' }), 'Save');
    await user.type(form.getByRole('textbox', { name: 'Words' }), 'gardening{Enter}');
    const list = await screen.findByRole('list', { name: 'Rules' });

    await user.click(within(list).getByRole('button', { name: 'Run rule 1 on existing items' }));
    expect(within(list).getByRole('group', { name: 'Run rule 1 on existing items?' }).textContent).toContain('Save every item already here that it matches?');
    await user.keyboard('{Escape}');
    expect(local.stateOf(ids[1]!).is_saved).toBe(0);
    expect(document.activeElement).toBe(within(list).getByRole('button', { name: 'Run rule 1 on existing items' }));

    await user.click(within(list).getByRole('button', { name: 'Run rule 1 on existing items' }));
    await user.click(within(list).getByRole('button', { name: 'Yes, run it' }));
    await waitFor(() => expect(screen.getAllByRole('status')[0]!.textContent).toBe('The rule matched 1 item; 1 item was saved.'));
    expect(local.stateOf(ids[1]!).is_saved).toBe(1);
    expect(local.stateOf(ids[0]!).is_saved).toBe(0);
  });

  it('says why a pattern is refused and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderRouted(<RuleSettings />);
    const form = await newRuleForm();
    await user.selectOptions(form.getByRole('combobox', { name: 'Match' }), 'A pattern (regular expression)');
    const field = form.getByRole('textbox', { name: 'Pattern' });
    await user.type(field, '(a+)\\1');
    await user.click(form.getByRole('button', { name: 'Create rule' }));
    await waitFor(() => expect(form.getByRole('alert').textContent).toContain('pattern could be slow on some text'));
    expect((field as HTMLInputElement).value).toBe('(a+)\\1');
    expect(storedRules()).toEqual([]);
  });

  it('asks for words before asking the service', async () => {
    const user = userEvent.setup();
    renderRouted(<RuleSettings />);
    const form = await newRuleForm();
    await user.click(form.getByRole('button', { name: 'Preview' }));
    expect(form.getByRole('alert').textContent).toBe('Write at least one word.');
    await user.click(form.getByRole('checkbox', { name: 'Title' }));
    await user.click(form.getByRole('button', { name: 'Create rule' }));
    expect(form.getByRole('alert').textContent).toBe('Choose at least one part of the item to look in.');
  });

  it('shows the items a hiding rule hid again', async () => {
    const user = userEvent.setup();
    renderRouted(<RuleSettings />);
    const form = await newRuleForm();
    await user.selectOptions(form.getByRole('combobox', { name: 'Then' }), 'Hide');
    expect(form.getByText(/Hidden items stay out of every list and count; search still finds them/)).toBeTruthy();
    await user.type(form.getByRole('textbox', { name: 'Words' }), 'gardening{Enter}');
    const list = await screen.findByRole('list', { name: 'Rules' });
    await user.click(within(list).getByRole('button', { name: 'Run rule 1 on existing items' }));
    await user.click(within(list).getByRole('button', { name: 'Yes, run it' }));
    await waitFor(() => expect(screen.getAllByRole('status')[0]!.textContent).toBe('The rule matched 1 item; 1 item was hidden.'));
    expect(local.stateOf(ids[1]!)).toBeUndefined();

    await user.click(within(list).getByRole('button', { name: 'Show hidden items of rule 1' }));
    await waitFor(() => expect(screen.getAllByRole('status')[0]!.textContent).toBe('1 item the rule hid is shown again.'));
    expect(local.stateOf(ids[1]!)).toEqual({ is_read: 0, is_saved: 0 });
  });

  it('edits a rule in place, then deletes it after confirming', async () => {
    const user = userEvent.setup();
    renderRouted(<RuleSettings />);
    const form = await newRuleForm();
    await user.type(form.getByRole('textbox', { name: 'Words' }), 'rust{Enter}');
    const list = await screen.findByRole('list', { name: 'Rules' });

    await user.click(within(list).getByRole('button', { name: 'Edit rule 1' }));
    const editing = within(within(list).getByRole('group', { name: 'Edit rule 1' }));
    expect((editing.getByRole('textbox', { name: 'Words' }) as HTMLInputElement).value).toBe('rust');
    await user.selectOptions(editing.getByRole('combobox', { name: 'Then' }), 'Add a tag');
    await user.type(editing.getByRole('textbox', { name: 'Tag' }), 'rust');
    await user.click(editing.getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(screen.getAllByRole('status')[0]!.textContent).toBe('Saved rule 1.'));
    expect(storedRules()).toEqual([{ match: 'any_words', words: '["rust"]', action: 'tag' }]);
    expect(within(list).getByText(/tag it “rust”/)).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: 'Delete rule 1' }));
    await user.click(within(list).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(screen.getAllByRole('status')[0]!.textContent).toBe('Deleted the rule; what it already did stays.'));
    expect(storedRules()).toEqual([]);
  });
});
