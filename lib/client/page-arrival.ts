/**
 * Whether the page shown was reached by a link or a key inside the app, rather than by loading
 * the document at this address (typed, reloaded, opened from elsewhere). Only then has the
 * person's focus been lost with the page they left; on a fresh load it rightly starts at the top.
 */
export function reachedInsideApp(): boolean {
  if (typeof window === 'undefined' || typeof performance?.getEntriesByType !== 'function') return false;
  const [entry] = performance.getEntriesByType('navigation');
  return Boolean(entry) && entry.name !== window.location.href;
}
