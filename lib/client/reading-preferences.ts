import { useCallback, useSyncExternalStore } from 'react';
import { subscribeToStoredSetting } from '@/lib/client/storage-change';

/** Where the read-marking setting is kept (the settings page writes the same key). */
export const MARK_READ_STORAGE_KEY = 'tidings:mark-read';

/**
 * When an item becomes read: as soon as it is opened, once it has scrolled past the top of the
 * inbox's list, or only when the person says so.
 */
export type MarkReadMode = 'on-open' | 'on-scroll' | 'manual';
const modes: readonly string[] = ['on-open', 'on-scroll', 'manual'];
const defaultMode: MarkReadMode = 'on-open';
const changeEvent = 'tidings:mark-read-change';

/**
 * Whether the read-marking setting applies to an item: articles yes; episodes become read by
 * being listened to (SPEC.md: playback progress within 5% of the end), not by being opened or
 * scrolled past, so an episode looked at but never heard stays in the unread inbox.
 */
export function marksReadByReading(item: { item_type: string }): boolean {
  return item.item_type !== 'episode';
}

/** The read-marking setting as stored; storage can be unavailable (privacy modes), then the default. */
export function readMarkReadMode(): MarkReadMode {
  try {
    const stored = localStorage.getItem(MARK_READ_STORAGE_KEY);
    return stored && modes.includes(stored) ? (stored as MarkReadMode) : defaultMode;
  } catch {
    return defaultMode;
  }
}

const subscribe = subscribeToStoredSetting(changeEvent);

/** The read-marking setting and a setter, kept in step across components and tabs. */
export function useMarkReadMode(): [MarkReadMode, (mode: MarkReadMode) => void] {
  const mode = useSyncExternalStore(subscribe, readMarkReadMode, () => defaultMode);
  const setMode = useCallback((next: MarkReadMode) => {
    try {
      localStorage.setItem(MARK_READ_STORAGE_KEY, next);
    } catch {
      // Without storage the choice lasts for this page only.
    }
    window.dispatchEvent(new Event(changeEvent));
  }, []);
  return [mode, setMode];
}
