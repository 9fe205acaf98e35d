'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useState, type RefObject } from 'react';
import {
  maxNameFilterLength, sourceTypes, subscriptionsHref, type SubscriptionsSelection,
} from '@/lib/client/subscriptions-view';
import { useFolders } from '@/lib/client/use-folders';
import { fieldClass, labelClass } from '../control-styles';
import { OptionsButton } from '../options-button';

type Props = {
  selection: SubscriptionsSelection;
  withFolders: boolean;
  nameFilter: string;
  onNameFilter: (text: string) => void;
  nameField: RefObject<HTMLInputElement | null>;
  /** How many subscriptions the name filter leaves, in words; empty when there is no filter. */
  matchNote: string;
};

/** The note once typing pauses: a polite live region read out on every keystroke talks over the typing. */
function useSettled(text: string, delayMs: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return settled;
}

/**
 * How the list is chosen: folder, order and kind (kept in the URL), and a name filter narrowing
 * what is shown. On a phone the three choices fold behind an Options button beside the name
 * filter (it counts the ones changed while folded), so the list starts on the first screen; from
 * sm up they sit in a row below the filter and the button is not there.
 */
export function SubscriptionListFilters({ selection, withFolders, nameFilter, onNameFilter, nameField, matchNote }: Props) {
  const router = useRouter();
  const { data: folders } = useFolders(withFolders);
  const ids = { name: useId(), note: useId(), folder: useId(), sort: useId(), type: useId(), options: useId() };
  const [open, setOpen] = useState(false);
  const inUse = (selection.folder !== 'all' ? 1 : 0) + (selection.sort !== 'name' ? 1 : 0) + (selection.type ? 1 : 0);
  const note = useSettled(matchNote, 400);
  // The name filter goes along: changing the folder narrows the same names within it.
  const go = (change: Partial<SubscriptionsSelection>) => {
    router.replace(subscriptionsHref({ ...selection, ...change }, nameFilter), { scroll: false });
  };
  return (
    <>
      <div className="mt-3">
        <label htmlFor={ids.name} className={labelClass}>Filter by name or website</label>
        <div className="mt-1 flex gap-2">
          <input
            id={ids.name}
            ref={nameField}
            type="search"
            value={nameFilter}
            maxLength={maxNameFilterLength}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => onNameFilter(event.target.value)}
            aria-describedby={ids.note}
            className={`${fieldClass} min-w-0 flex-1`}
          />
          <OptionsButton open={open} onToggle={() => setOpen(!open)} controls={ids.options} inUse={inUse} className="shrink-0" />
        </div>
        <p id={ids.note} role="status" className="mt-1 text-sm text-muted empty:mt-0">{note}</p>
      </div>
      <div id={ids.options} className={`mt-1 gap-3 sm:grid sm:grid-cols-3 ${open ? 'grid' : 'max-sm:hidden'}`}>
        {withFolders && (
          <div>
            <label htmlFor={ids.folder} className={labelClass}>Folder</label>
            <select id={ids.folder} value={selection.folder} onChange={(event) => go({ folder: event.target.value })} className={`${fieldClass} mt-1`}>
              <option value="all">All folders</option>
              <option value="none">Not in a folder</option>
              {(folders ?? []).map((folder) => <option key={folder.id} value={folder.id}>{folder.name}</option>)}
              {selection.folder !== 'all' && selection.folder !== 'none' && !folders?.some((folder) => folder.id === selection.folder) && (
                <option value={selection.folder}>This folder</option>
              )}
            </select>
          </div>
        )}
        <div>
          <label htmlFor={ids.sort} className={labelClass}>Order</label>
          <select id={ids.sort} value={selection.sort} onChange={(event) => go({ sort: event.target.value === 'recent' ? 'recent' : 'name' })} className={`${fieldClass} mt-1`}>
            <option value="name">By name, A to Z</option>
            <option value="recent">Newest items first</option>
          </select>
        </div>
        <div>
          <label htmlFor={ids.type} className={labelClass}>Kind</label>
          <select
            id={ids.type}
            value={selection.type ?? ''}
            onChange={(event) => go({ type: sourceTypes.find((entry) => entry.type === event.target.value)?.type ?? null })}
            className={`${fieldClass} mt-1`}
          >
            <option value="">Every kind</option>
            {sourceTypes.map((entry) => <option key={entry.type} value={entry.type}>{entry.plural}</option>)}
          </select>
        </div>
      </div>
    </>
  );
}
