'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { calendarDay, describeDates, inboxHref, type InboxSelection } from '@/lib/client/inbox-view';

const fieldClass = 'min-h-11 rounded-md border border-line-strong bg-canvas px-2 text-sm';
const buttonClass = 'min-h-11 rounded-md border border-line-strong px-3 text-sm font-medium';

/**
 * Narrows the river to items published between two days (either may be left open), kept in
 * the URL like the view. Applied on submit, so typing a date does not reload the list per key.
 * The fields sit behind a Dates button, open while a range is set: on a phone, two rows of
 * date fields pushed the first item below the first screen.
 */
export function DateRange({ selection }: { selection: InboxSelection }) {
  const router = useRouter();
  const formId = useId();
  const range = describeDates(selection);
  const [open, setOpen] = useState(range !== '');
  const [from, setFrom] = useState(selection.from ?? '');
  const [to, setTo] = useState(selection.to ?? '');
  const [problem, setProblem] = useState('');

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const start = calendarDay(from);
    const end = calendarDay(to);
    if (start && end && start > end) {
      setProblem('The start date is after the end date.');
      return;
    }
    setProblem('');
    router.push(inboxHref({ ...selection, from: start, to: end }));
  };

  const clear = () => {
    setFrom('');
    setTo('');
    setProblem('');
    router.push(inboxHref({ ...selection, from: null, to: null }));
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" aria-expanded={open} aria-controls={formId} onClick={() => setOpen(!open)} className={buttonClass}>
        {range ? `Dates ${range}` : 'Dates'}
      </button>
      {open && (
        <form id={formId} role="search" aria-label="Dates" onSubmit={apply} className="flex flex-wrap items-center gap-2">
          <label className="inline-flex items-center gap-1.5 text-sm">
            From
            <input type="date" value={from} onChange={(event) => setFrom(event.target.value)} className={fieldClass} />
          </label>
          <label className="inline-flex items-center gap-1.5 text-sm">
            To
            <input type="date" value={to} onChange={(event) => setTo(event.target.value)} className={fieldClass} />
          </label>
          <button type="submit" className={buttonClass}>Show dates</button>
          {(selection.from || selection.to) && (
            <button type="button" onClick={clear} className={buttonClass}>Clear dates</button>
          )}
          {problem && <p role="alert" className="w-full text-sm">{problem}</p>}
        </form>
      )}
    </div>
  );
}
