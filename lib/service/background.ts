/*
 * Background work of the embedded service (refresh scheduler, inbound mail
 * server). instrumentation.ts calls startBackgroundWork() once per server
 * process; the flag lives on globalThis because dev-mode reloads evaluate this
 * module again and must not start a second scheduler.
 */
import { embeddedService } from './embedded';
import { startRefreshScheduler } from './scheduler';
import { startSmtpListener } from './mail/smtp-listener';

const startedFlag = Symbol.for('tidings.backgroundWorkStarted');

type FlaggedGlobal = typeof globalThis & { [startedFlag]?: boolean };

/** Starts the service's background work once per process (local mode only); later calls do nothing. */
export async function startBackgroundWork(): Promise<void> {
  const g = globalThis as FlaggedGlobal;
  if (g[startedFlag] || process.env.FEED_API_BASE_URL) return;
  g[startedFlag] = true;
  const { service } = await embeddedService();
  startRefreshScheduler(service);
  if (service.config.smtpPort > 0) {
    startSmtpListener(service, service.config.smtpPort).then(
      () => console.log(`[tidings] newsletter mail accepted on SMTP port ${service.config.smtpPort}`),
      (error: Error) => console.error(`[tidings] SMTP listener not started: ${error.message}`),
    );
  }
}
