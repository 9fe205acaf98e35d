'use client';

import { useEffect, useId, useRef, useState } from 'react';
import type { BulkSubscriptionAction } from '@/lib/client/use-subscription-actions';
import { buttonClass, dangerButtonClass } from '../control-styles';
import { FolderPicker } from './folder-picker';
import { ConfirmGroup } from '../confirm-group';
import { Trash2Icon, XIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

type Props = {
  count: number;
  busy: boolean;
  /** What the last action did, or why it failed; said here, next to the buttons. */
  status: string;
  /** Whether folders exist to move into (first-party only). */
  withFolders: boolean;
  onAct: (action: BulkSubscriptionAction, folderId?: string | null) => void;
  onUnsubscribe: () => void;
  /** The unsubscribe question opens: the last action's outcome no longer answers what is on screen. */
  onAsk: () => void;
  onClear: () => void;
};

const actions: { action: Exclude<BulkSubscriptionAction, 'move'>; label: string }[] = [
  { action: 'pause', label: 'Pause' },
  { action: 'resume', label: 'Resume' },
  { action: 'pin', label: 'Pin' },
  { action: 'unpin', label: 'Unpin' },
];

// The quiet button's look, narrower on a phone so Select all, the count and Clear share a row.
const clearClass = 'min-h-11 rounded-md px-2 text-sm font-medium text-muted hover:bg-surface hover:text-ink sm:px-3';
const smallButton = 'min-h-11 rounded-md border border-line-strong bg-canvas px-3 text-sm font-medium aria-disabled:text-muted';

/**
 * Actions on the selected subscriptions, shown in the list's toolbar after its Select all while any
 * are ticked (SubscriptionsList makes that toolbar the group and sticks it to the top, above the
 * list, so a ticked row's checkbox is one Shift+Tab from here). It stays after an action, so focus
 * stays on the button just pressed. Unsubscribing asks first, in place, with Cancel focused.
 */
export function SubscriptionBulkBar({ count, busy, status, withFolders, onAct, onUnsubscribe, onAsk, onClear }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [folderId, setFolderId] = useState<string | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  const questionId = useId();
  const effectId = useId();

  useEffect(() => {
    if (confirming) cancel.current?.focus();
    else if (wasConfirming.current) ask.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const askToUnsubscribe = () => {
    onAsk();
    setConfirming(true);
  };

  const noun = count === 1 ? '1 subscription' : `${count} subscriptions`;
  return (
    <>
      {confirming ? (
        <ConfirmGroup onCancel={() => setConfirming(false)} role="alertdialog" aria-labelledby={questionId} aria-describedby={effectId} className="flex w-full flex-wrap items-center gap-2">
          <p id={questionId} className="px-2 font-medium">Unsubscribe from {noun}?</p>
          <p id={effectId} className="px-2 text-sm text-muted">Their items leave your inbox; saved items stay saved.</p>
          <button type="button" className={dangerButtonClass} onClick={() => { setConfirming(false); onUnsubscribe(); }}>
            <ButtonIcon icon={Trash2Icon} />
            Yes, unsubscribe
          </button>
          <button ref={cancel} type="button" className={buttonClass} onClick={() => setConfirming(false)}><ButtonIcon icon={XIcon} />Cancel</button>
        </ConfirmGroup>
      ) : (
        // On a phone the sticky bar must leave the list in sight: three rows (Select all, the count
        // and Clear; the four switches side by side, two by two under 360 px where "Resume" would not
        // fit; moving and unsubscribing), where free wrapping took five.
        <>
          <span className="flex-1 px-1 font-medium sm:flex-none">{count} selected</span>
          <button type="button" aria-label="Clear selection" onClick={onClear} className={clearClass}>
            <span className="sm:hidden">Clear</span>
            <span className="max-sm:hidden">Clear selection</span>
          </button>
          <div className="grid w-full grid-cols-4 gap-1.5 max-[359px]:grid-cols-2 sm:flex sm:w-auto sm:gap-2">
            {actions.map(({ action, label }) => (
              <button key={action} type="button" aria-disabled={busy} onClick={() => !busy && onAct(action)} className={`${smallButton} whitespace-nowrap px-1 sm:px-3`}>
                {label}
              </button>
            ))}
          </div>
          <div className="flex w-full items-end gap-2 sm:w-auto">
            {withFolders && (
              <>
                <FolderPicker label="Move to" value={folderId} onChange={setFolderId} className="min-w-0 flex-1 text-sm" />
                <button type="button" aria-disabled={busy} onClick={() => !busy && onAct('move', folderId)} className={smallButton}>
                  Move
                </button>
              </>
            )}
            <button ref={ask} type="button" aria-disabled={busy} onClick={() => !busy && askToUnsubscribe()} className={`${smallButton} text-danger`}>
              Unsubscribe
            </button>
          </div>
        </>
      )}
      <p role="status" className="w-full px-2 text-sm">{status}</p>
    </>
  );
}
