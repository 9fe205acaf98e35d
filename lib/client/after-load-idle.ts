/*
 * Work no page needs for its first paint or first tap (offline support, restoring the player)
 * waits for the load event and an idle moment, so it neither delays hydration nor competes with it.
 */

/** Longest wait for an idle moment after the load event before starting anyway. */
const idleTimeoutMs = 2000;

/** Runs `start` once the page has loaded and the main thread is idle; answers the cancel function. */
export function afterLoadAndIdle(start: () => void): () => void {
  // Safari has no requestIdleCallback: a short timer after the load event stands in.
  const hasIdle = typeof window.requestIdleCallback === 'function';
  let cancelled = false;
  let pending: number | undefined;
  const run = () => {
    if (cancelled) return;
    pending = hasIdle ? window.requestIdleCallback(start, { timeout: idleTimeoutMs }) : window.setTimeout(start, 200);
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
    if (pending === undefined) return;
    if (hasIdle) window.cancelIdleCallback(pending);
    else window.clearTimeout(pending);
  };
}
