import type { ServiceContext } from './context';
import { dueFeeds, refreshFeeds } from './domain/feeds/refresh-feed';

const tickMs = 30_000;
const feedsPerTick = 40;

/** Refreshes due feeds every 30 seconds until stopped; a tick never overlaps the previous one. */
export function startRefreshScheduler(service: ServiceContext): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const due = dueFeeds(service, new Date(), feedsPerTick);
      if (due.length) await refreshFeeds(service, due);
    } catch (error) {
      console.error('[tidings scheduler]', error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, tickMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
