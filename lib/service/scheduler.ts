import type { ServiceContext } from './context';
import { refreshFeedIcons } from './domain/feeds/feed-icons';
import { claimDueFeeds, refreshFeeds } from './domain/feeds/refresh-feed';

const tickMs = 30_000;
const feedsPerTick = 40;

/** Refreshes due feeds (and looks for feeds' icons) every 30 seconds until stopped; a tick never overlaps the previous one. */
export function startRefreshScheduler(service: ServiceContext): () => void {
  let running = false;
  let iconsRunning = false;
  // New feeds get their icon within a tick, others once a week (feed-icons.ts); on a pass of its
  // own, so a slow site never holds up the refreshes.
  const lookForIcons = () => {
    if (iconsRunning) return;
    iconsRunning = true;
    refreshFeedIcons(service)
      .catch((error: unknown) => console.error('[tidings scheduler] icons:', error))
      .finally(() => {
        iconsRunning = false;
      });
  };
  const tick = async () => {
    lookForIcons();
    if (running) return;
    running = true;
    try {
      // Claimed, not just listed: a scheduler of another node on the same database gets other feeds.
      const due = await claimDueFeeds(service, new Date(), feedsPerTick);
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
