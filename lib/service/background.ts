/*
 * Background work of the embedded service (refresh scheduler, inbound mail
 * server). instrumentation.ts calls startBackgroundWork() once per server
 * process; the flag lives on globalThis because dev-mode reloads evaluate this
 * module again and must not start a second scheduler.
 */

const startedFlag = Symbol.for('tidings.backgroundWorkStarted');

type FlaggedGlobal = typeof globalThis & { [startedFlag]?: boolean };

/** Starts the service's background work once per process; later calls do nothing. */
export function startBackgroundWork(): void {
  const g = globalThis as FlaggedGlobal;
  if (g[startedFlag]) return;
  g[startedFlag] = true;
}
