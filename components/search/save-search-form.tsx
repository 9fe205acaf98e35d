'use client';

import { useId, useState, type FormEvent } from 'react';
import { errorSentence } from '@/lib/client/error-message';
import { useCreateSavedSearch } from '@/lib/client/use-saved-search-actions';
import type { ItemSearch } from '@/lib/client/use-search';
import { buttonClass, fieldClass, labelClass } from '../control-styles';
import { BookmarkPlusIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

/** Saves the current items search under a name (first-party), so it can be run again from the saved searches tab. */
export function SaveSearchForm({ search }: { search: ItemSearch }) {
  const save = useCreateSavedSearch();
  const [name, setName] = useState(search.q);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const inputId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // `required` lets a name of spaces through; say so rather than do nothing.
    if (!name.trim()) {
      setStatus('Give the search a name; spaces alone are not one.');
      return;
    }
    setBusy(true);
    try {
      const saved = await save(name.trim(), search);
      setStatus(`Saved as “${saved.name}”.`);
    } catch (error) {
      setStatus(errorSentence(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="min-w-40 flex-1">
        <label htmlFor={inputId} className={labelClass}>Save this search as</label>
        <input id={inputId} value={name} onChange={(event) => setName(event.target.value)} required maxLength={100} className={`${fieldClass} mt-1`} />
      </div>
      <button type="submit" aria-disabled={busy} className={buttonClass}><ButtonIcon icon={BookmarkPlusIcon} />{busy ? 'Saving…' : 'Save search'}</button>
      <p role="status" className="w-full text-sm">{status}</p>
    </form>
  );
}
