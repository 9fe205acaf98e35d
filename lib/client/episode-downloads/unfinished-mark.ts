/*
 * A mark in localStorage that a download under way or a put-off removal may wait in
 * IndexedDB (./parts-db), so a page loads the download runner and opens that database only
 * when there can be work for it, not on every visit. Sign-out clears localStorage with it.
 */

const key = 'tidings:downloads-unfinished';

/** Notes that a download or a removal may wait to be carried on. */
export function markUnfinished(): void {
  try {
    localStorage.setItem(key, '1');
  } catch {
    // No storage (a private window): the runner then loads only when Download is pressed.
  }
}

/** Whether a download or a removal may wait; true when it cannot be told. */
export function mayBeUnfinished(): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return true;
  }
}

/** Forgets the mark once nothing waits. */
export function clearUnfinished(): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to forget.
  }
}
