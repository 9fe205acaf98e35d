'use client';

import Link from '@/components/shell/intent-link';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ItemDetail } from '@/lib/client/item-cache';
import { useAccount } from '@/lib/client/use-account';
import { useItemActions } from '@/lib/client/use-item-actions';
import { outcomeSentence } from '@/lib/client/outbox/outcome-sentence';

type Props = { item: ItemDetail; onResult: (message: string, error?: unknown) => void };

/**
 * Notes on an article when the plan includes them; otherwise one sentence about the plan.
 * When the plan cannot be read (a hosted service), the editor shows and a 402 explains.
 * Notes typed but not saved are saved on leaving the item (a swipe or the pager on a phone
 * leaves without a press of Save notes). Offline they wait in the outbox like any change.
 */
export function ItemNotes({ item, onResult }: Props) {
  const account = useAccount();
  const actions = useItemActions();
  const [draft, setDraft] = useState(item.notes ?? '');
  const [saving, setSaving] = useState(false);
  const allowed = account.hasFeature('notes');
  // What leaving the item would lose: the draft, against the notes last stored.
  const unsaved = useRef({ draft, stored: item.notes ?? '', setNotes: actions.setNotes, itemId: item.id });
  useEffect(() => {
    unsaved.current.draft = draft;
    unsaved.current.setNotes = actions.setNotes;
  });
  useEffect(() => () => {
    const { draft: left, stored, setNotes, itemId } = unsaved.current;
    if (left !== stored) setNotes(itemId, left.trim() ? left : null).catch(() => undefined);
  }, []);

  if (account.isLoading) return null;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      const outcome = await actions.setNotes(item.id, draft.trim() ? draft : null);
      unsaved.current.stored = draft;
      onResult(outcomeSentence(outcome, 'Notes saved.'));
    } catch (error) {
      onResult('', error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="notes-title" className="mt-10 border-t border-line pt-6">
      <h2 id="notes-title" className="text-lg font-semibold">Notes</h2>
      {allowed === false ? (
        <p className="mt-2 text-muted">
          Notes on articles come with the Pro and Plus plans. <Link href="/settings">See your plan</Link>
        </p>
      ) : (
        <form onSubmit={save} className="mt-2">
          <label htmlFor="item-notes" className="text-sm font-medium">Your notes on this article</label>
          <textarea
            id="item-notes"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            rows={5}
            className="mt-1 block w-full rounded-md border border-line-strong bg-canvas p-3"
          />
          <button type="submit" aria-disabled={saving} className="mt-2 min-h-11 rounded-md border border-line-strong px-4 font-medium aria-disabled:text-muted">
            {saving ? 'Saving…' : 'Save notes'}
          </button>
        </form>
      )}
    </section>
  );
}
