import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The shared feed corpus (../shared/feeds beside the repo); absent outside CI and the dev machine. */
export const sharedFeeds = path.resolve(process.cwd(), '../shared/feeds');
export const hasSharedFeeds = existsSync(sharedFeeds);
export const missingFeedsMessage = `skipped: ${sharedFeeds} is absent (the shared feed corpus lives beside the repository)`;

/** Bytes of a corpus file, e.g. corpusFile('real-world', 'atp.rss'). */
export function corpusFile(...parts: string[]): Buffer {
  return readFileSync(path.join(sharedFeeds, ...parts));
}

/** Bytes of a fixture we wrote ourselves in tests/fixtures/feeds. */
export function fixture(name: string): Buffer {
  return readFileSync(path.resolve(process.cwd(), 'tests/fixtures/feeds', name));
}
