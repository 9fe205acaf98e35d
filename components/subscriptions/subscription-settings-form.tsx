'use client';

import { useId, useState, type FormEvent } from 'react';
import { errorSentence } from '@/lib/client/error-message';
import type { SubscriptionDetail } from '@/lib/client/subscription-cache';
import { useUpdateSubscription, type SubscriptionSettings } from '@/lib/client/use-subscription-actions';
import { fieldClass, labelClass, primaryButtonClass } from '../control-styles';
import { FolderPicker } from './folder-picker';

type Props = { id: string; subscription: SubscriptionDetail; withFolders: boolean; onSaved: () => void };

const speeds = [0.5, 0.75, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3];

/** A subscription's own settings: name, folder, pinned, receiving updates, and (podcasts) playback speed. */
export function SubscriptionSettingsForm({ id, subscription, withFolders, onSaved }: Props) {
  const update = useUpdateSubscription();
  const [title, setTitle] = useState(subscription.title);
  const [folderId, setFolderId] = useState(subscription.folder_id);
  const [pinned, setPinned] = useState(subscription.is_pinned);
  const [active, setActive] = useState(subscription.is_active);
  const [speed, setSpeed] = useState(subscription.playback_speed ?? 1);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const ids = { title: useId(), speed: useId(), pinned: useId(), active: useId() };
  const podcast = subscription.source_type === 'podcast';
  const speedChoices = speeds.includes(speed) ? speeds : [...speeds, speed].sort((a, b) => a - b);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const change: SubscriptionSettings = {};
    if (title.trim() && title.trim() !== subscription.title) change.title = title.trim();
    if (withFolders && folderId !== subscription.folder_id) change.folder_id = folderId;
    if (pinned !== subscription.is_pinned) change.is_pinned = pinned;
    // Saving also wakes a subscription that stopped updating (SPEC: dead resumes on update).
    if (active !== subscription.is_active || subscription.status === 'dead') change.is_active = active;
    if (podcast && speed !== (subscription.playback_speed ?? 1)) change.playback_speed = speed;
    if (Object.keys(change).length === 0) {
      setStatus('Nothing changed.');
      return;
    }
    setBusy(true);
    try {
      await update(id, change);
      setStatus('Settings saved.');
      onSaved();
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
        <input id={ids.title} value={title} onChange={(event) => setTitle(event.target.value)} required maxLength={256} className={`${fieldClass} mt-1`} />
      </div>
      {withFolders && <FolderPicker label="Folder" value={folderId} onChange={setFolderId} />}
      <div className="flex items-start gap-3">
        <input id={ids.pinned} type="checkbox" checked={pinned} onChange={(event) => setPinned(event.target.checked)} className="mt-1 size-5 accent-accent" />
        <label htmlFor={ids.pinned}>Pinned <span className="block text-sm text-muted">Shown first in the sidebar.</span></label>
      </div>
      <div className="flex items-start gap-3">
        <input id={ids.active} type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} className="mt-1 size-5 accent-accent" />
        <label htmlFor={ids.active}>Receive updates <span className="block text-sm text-muted">Untick to pause: no new items arrive until you resume.</span></label>
      </div>
      {podcast && (
        <div>
          <label htmlFor={ids.speed} className={labelClass}>Playback speed</label>
          <select id={ids.speed} value={speed} onChange={(event) => setSpeed(Number(event.target.value))} className={`${fieldClass} mt-1 sm:w-40`}>
            {speedChoices.map((choice) => <option key={choice} value={choice}>{`${choice}×`}</option>)}
          </select>
        </div>
      )}
      <button type="submit" aria-disabled={busy} className={primaryButtonClass}>{busy ? 'Saving…' : 'Save settings'}</button>
      <p role="status" className="min-h-6 text-sm">{status}</p>
    </form>
  );
}
