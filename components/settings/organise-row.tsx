'use client';

import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { errorSentence } from '@/lib/client/error-message';
import { ConfirmGroup } from '../confirm-group';
import { dangerButtonClass, fieldClass, labelClass, primaryButtonClass, quietButtonClass } from '../control-styles';
import { CheckIcon, PencilIcon, Trash2Icon, XIcon, type LucideIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

type Mode = 'idle' | 'renaming' | 'deleting' | 'extra';

type Props = {
  name: string;
  /** The kind of thing in the person's words ("tag", "saved search"), for labels. */
  noun: string;
  details: ReactNode;
  /** What happens on rename, said under the field (a tag merges, a saved search refuses a taken name). */
  renameHint: string;
  maxLength: number;
  /** Resolves with the sentence to announce, and whether the row goes (a tag merged into another). */
  onRename: (name: string) => Promise<{ message: string; gone: boolean }>;
  onDelete: () => Promise<string>;
  /** What deleting does, asked before it happens. */
  deleteQuestion: string;
  /** Tells the outcome; `gone` when the row and its focused control go, so focus must move elsewhere. */
  report: (message: string, gone?: boolean) => void;
  /** A further action (say, merge) with its button's label and the form it opens; `close` returns to the row. */
  extra?: { label: string; icon: LucideIcon; render: (close: (message?: string, gone?: boolean) => void) => ReactNode };
};

/**
 * One tag or saved search in a settings list: its name, then Rename (a labelled field in place),
 * an optional extra action, and Delete after a question. Every control works from the keyboard;
 * Escape or Cancel gives focus back to the button that opened the form.
 */
export function OrganiseRow({ name, noun, details, renameHint, maxLength, onRename, onDelete, deleteQuestion, report, extra }: Props) {
  const [mode, setMode] = useState<Mode>('idle');
  const [draft, setDraft] = useState(name);
  const [busy, setBusy] = useState(false);
  const ids = { field: useId(), hint: useId() };
  const opener = useRef<Record<Exclude<Mode, 'idle'>, HTMLButtonElement | null>>({ renaming: null, deleting: null, extra: null });
  // Which opener takes focus back once its form has gone (state, so `close` can be handed to a form).
  const [returnTo, setReturnTo] = useState<Exclude<Mode, 'idle'> | null>(null);

  useEffect(() => {
    if (mode !== 'idle' || !returnTo) return;
    opener.current[returnTo]?.focus();
  }, [mode, returnTo]);

  const close = (message?: string, gone = false) => {
    setReturnTo(mode !== 'idle' && !gone ? mode : null);
    setMode('idle');
    if (message) report(message, gone);
  };

  async function rename(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const next = draft.trim();
    if (!next) {
      report(`Give the ${noun} a name; spaces alone are not one.`);
      return;
    }
    if (next === name) return close();
    setBusy(true);
    try {
      const { message, gone } = await onRename(next);
      close(message, gone);
    } catch (error) {
      report(errorSentence(error));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (busy) return;
    setBusy(true);
    try {
      // The row goes away with its buttons; the caller moves focus to the status line.
      report(await onDelete(), true);
    } catch (error) {
      report(errorSentence(error));
      close();
    } finally {
      setBusy(false);
    }
  }

  const open = (next: Exclude<Mode, 'idle'>) => {
    setReturnTo(null);
    setDraft(name);
    setMode(next);
  };

  return (
    <li className="border-b border-line py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h2 className="break-words text-base font-medium">{name}</h2>
          <p className="text-sm text-muted">{details}</p>
        </div>
        {mode === 'idle' && (
          <div className="flex flex-wrap gap-1">
            <button ref={(node) => { opener.current.renaming = node; }} type="button" className={quietButtonClass} aria-label={`Rename ${name}`} onClick={() => open('renaming')}><ButtonIcon icon={PencilIcon} />Rename</button>
            {extra && (
              <button ref={(node) => { opener.current.extra = node; }} type="button" className={quietButtonClass} aria-label={`${extra.label} ${name}`} onClick={() => open('extra')}><ButtonIcon icon={extra.icon} />{extra.label}</button>
            )}
            <button ref={(node) => { opener.current.deleting = node; }} type="button" className={quietButtonClass} aria-label={`Delete ${name}`} onClick={() => open('deleting')}><ButtonIcon icon={Trash2Icon} />Delete</button>
          </div>
        )}
      </div>
      {mode === 'renaming' && (
        <ConfirmGroup onCancel={() => close()} aria-label={`Rename ${name}`} className="mt-2">
          <form onSubmit={rename} className="flex flex-wrap items-end gap-2">
            <div className="min-w-40 flex-1">
              <label htmlFor={ids.field} className={labelClass}>New name for {name}</label>
              <input
                id={ids.field} value={draft} onChange={(event) => setDraft(event.target.value)} required maxLength={maxLength}
                aria-describedby={ids.hint} autoFocus autoComplete="off" className={`${fieldClass} mt-1`}
              />
              <p id={ids.hint} className="mt-1 text-sm text-muted">{renameHint}</p>
            </div>
            <button type="submit" className={primaryButtonClass} aria-disabled={busy || undefined}><ButtonIcon icon={CheckIcon} />Save name</button>
            <button type="button" className={quietButtonClass} onClick={() => close()}><ButtonIcon icon={XIcon} />Cancel</button>
          </form>
        </ConfirmGroup>
      )}
      {mode === 'deleting' && (
        <ConfirmGroup onCancel={() => close()} aria-label={`Delete ${name}?`} className="mt-2 flex flex-wrap items-center gap-2">
          <span className="text-sm">{deleteQuestion}</span>
          <button type="button" className={dangerButtonClass} aria-disabled={busy || undefined} onClick={() => void remove()}><ButtonIcon icon={Trash2Icon} />Yes, delete</button>
          <button type="button" className={quietButtonClass} autoFocus onClick={() => close()}><ButtonIcon icon={XIcon} />Cancel</button>
        </ConfirmGroup>
      )}
      {mode === 'extra' && extra && (
        <ConfirmGroup onCancel={() => close()} aria-label={`${extra.label} ${name}`} className="mt-2">
          {extra.render(close)}
        </ConfirmGroup>
      )}
    </li>
  );
}
