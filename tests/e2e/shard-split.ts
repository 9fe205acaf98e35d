/*
 * How `--shard=i/N` splits the end-to-end files (the sequencer in vitest.e2e.config.mts): by
 * their recorded running times rather than by count of files, so that concurrent shards
 * (tests/e2e/run-shards.ts) end at about the same time.
 */
import path from 'node:path';

/**
 * Seconds each file took alone in CI (vitest's durations, rounded). A file not listed counts as
 * `unlistedSeconds`; list a new file here once it takes longer than that.
 */
export const recordedSeconds: Record<string, number> = {
  'offline': 95, 'two-nodes': 64, 'reader': 50, 'inbox': 48, 'search-stories-settings': 48, 'subscriptions': 45,
  'app-shell': 42, 'slow-link': 42, 'settings-organising': 40, 'upgrade': 35, 'player': 34, 'episode-downloads': 34,
  'session-expiry': 29, 'three-panes': 26, 'offline-replay': 25, 'episode-downloads-resume': 23, 'security-headers': 23,
  'feed-health': 23, 'share': 23, 'inbox-phone': 22, 'sidebar': 20, 'subscriptions-first-screen': 20, 'api-reference': 17,
  'phone-targets': 14, 'inbox-ranges': 14, 'shortcuts': 14, 'remote-mode': 12, 'reader-phone': 12, 'rules': 12,
  'up-next': 9, 'inbox-rows': 9, 'https': 8, 'sign-in': 8, 'settings-sync': 8, 'narrow-screen': 7, 'up-next-offline': 7,
  'full-article': 4, 'manifest': 4, 'client-address': 3, 'settings-desktop': 2, 'sync-mounts': 1,
  'malformed-requests': 1, 'static-files': 1, 'bounded-bodies': 1,
};
const unlistedSeconds = 15;

function secondsOf(file: string): number {
  return recordedSeconds[path.basename(file, '.test.ts')] ?? unlistedSeconds;
}

/**
 * Splits `files` into `count` groups of about equal total time (longest first, each to the
 * group with the least so far; ties by path, so every shard computes the same split).
 */
export function splitByTime(files: string[], count: number): string[][] {
  const groups = Array.from({ length: count }, () => ({ files: [] as string[], seconds: 0 }));
  const longestFirst = [...files].sort((a, b) => secondsOf(b) - secondsOf(a) || (a < b ? -1 : a > b ? 1 : 0));
  for (const file of longestFirst) {
    const lightest = groups.reduce((least, group) => (group.seconds < least.seconds ? group : least));
    lightest.files.push(file);
    lightest.seconds += secondsOf(file);
  }
  return groups.map((group) => group.files);
}
