'use client';

import { useId, useState, type FormEvent } from 'react';
import { errorSentence } from '@/lib/client/error-message';
import type { SubscriptionDetail } from '@/lib/client/subscription-cache';
import { useUpdateSubscription, type SubscriptionSettings } from '@/lib/client/use-subscription-actions';
import { fieldClass, labelClass, primaryButtonClass } from '../control-styles';
import { FolderPicker } from './folder-picker';
import { CheckIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

type Props = { id: string; subscription: SubscriptionDetail; withFolders: boolean; onSaved: () => Promise<unknown> };

const checkRowClass = 'flex min-h-11 cursor-pointer items-start gap-3 py-1';

const speeds = [0.5, 0.75, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3];

/** What the person changed in the form; a field left alone shows (and keeps) the subscription's current value. */
type Edits = { title?: string; folderId?: string | null; pinned?: boolean; active?: boolean; speed?: number };

/**
 * A subscription's own settings: name, folder, pinned, receiving updates, and (podcasts) playback
 * speed. Only the fields edited here are sent: a speed chosen in the player meanwhile (or a
 * change from another device) is shown, not overwritten with what the form first loaded.
 */
export function SubscriptionSettingsForm({ id, subscription, withFolders, onSaved }: Props) {
  const update = useUpdateSubscription();
  const [edits, setEdits] = useState<Edits>({});
  const edit = (change: Edits) => setEdits((current) => ({ ...current, ...change }));
  const title = edits.title ?? subscription.title;
  const folderId = edits.folderId !== undefined ? edits.folderId : subscription.folder_id;
  const pinned = edits.pinned ?? subscription.is_pinned;
  const active = edits.active ?? subscription.is_active;
  const speed = edits.speed ?? subscription.playback_speed ?? 1;
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const ids = { title: useId(), speed: useId() };
  const podcast = subscription.source_type === 'podcast';
  const speedChoices = speeds.includes(speed) ? speeds : [...speeds, speed].sort((a, b) => a - b);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // `required` lets a name of spaces through; saving the other fields while dropping it unsaid would mislead.
    if (!title.trim()) {
      setStatus('Give the subscription a name; spaces alone are not one.');
      return;
    }
    const change: SubscriptionSettings = {};
    if (title.trim() !== subscription.title) change.title = title.trim();
    if (withFolders && folderId !== subscription.folder_id) change.folder_id = folderId;
    if (pinned !== subscription.is_pinned) change.is_pinned = pinned;
    // Saving also wakes a subscription that stopped updating (SPEC: dead resumes on update).
    if (active !== subscription.is_active || subscription.status === 'dead') change.is_active = active;
    if (podcast && edits.speed !== undefined && edits.speed !== (subscription.playback_speed ?? 1)) change.playback_speed = edits.speed;
    if (Object.keys(change).length === 0) {
      setStatus('Nothing changed.');
      return;
    }
    setBusy(true);
    try {
      await update(id, change);
      setStatus('Settings saved.');
      // Once the fresh subscription is loaded, the form shows it rather than the edits.
      await onSaved();
      setEdits({});
    } catch (error) {
      setStatus(errorSentence(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <div>
        <label htmlFor={ids.title} className={labelClass}>Name</label>
        <input id={ids.title} value={title} onChange={(event) => edit({ title: event.target.value })} required maxLength={256} className={`${fieldClass} mt-1`} />
      </div>
      {withFolders && <FolderPicker label="Folder" value={folderId} onChange={(value) => edit({ folderId: value })} />}
      {/* The whole row is the label, so the box and its words are one target of at least 44 px. */}
      <label className={checkRowClass}>
        <input type="checkbox" checked={pinned} onChange={(event) => edit({ pinned: event.target.checked })} className="mt-1 size-5 shrink-0 accent-accent" />
        <span>Pinned <span className="block text-sm text-muted">Shown first in the sidebar.</span></span>
      </label>
      <label className={checkRowClass}>
        <input type="checkbox" checked={active} onChange={(event) => edit({ active: event.target.checked })} className="mt-1 size-5 shrink-0 accent-accent" />
        <span>Receive updates <span className="block text-sm text-muted">Untick to pause: no new items arrive until you resume.</span></span>
      </label>
      {podcast && (
        <div>
          <label htmlFor={ids.speed} className={labelClass}>Playback speed</label>
          <select id={ids.speed} value={speed} onChange={(event) => edit({ speed: Number(event.target.value) })} className={`${fieldClass} mt-1 sm:w-40`}>
            {speedChoices.map((choice) => <option key={choice} value={choice}>{`${choice}×`}</option>)}
          </select>
        </div>
      )}
      <button type="submit" aria-disabled={busy} className={primaryButtonClass}><ButtonIcon icon={CheckIcon} />{busy ? 'Saving…' : 'Save settings'}</button>
      <p role="status" className="min-h-6 text-sm">{status}</p>
    </form>
  );
}
