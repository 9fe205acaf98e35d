/**
 * The worker thread's side of feed-preparer.ts: prepares fetched documents, asking a read-only
 * connection of its own which items are stored already, so it never waits on the main thread
 * (which is busy writing). It sees what is committed, as the main thread does between batches.
 */
import { parentPort } from 'node:worker_threads';
import { storedKeysAmong } from '../../store/stored-item-keys';
import { FeedParseError } from '../../ingest/parse-feed';
import { prepareDoc } from '../../intelligence/prepare-doc';
import { prepareFeed, type ItemKey } from './prepare-feed';
import type { FromPreparer, StoredItemsOf, ToDocs, ToPreparer } from './prepare-messages';

function storedAmong(stored: StoredItemsOf, keys: ItemKey[]): boolean[] {
  return storedKeysAmong(stored.file, stored.feedId, keys);
}

const port = parentPort!;

function answerDocs({ job, texts }: ToDocs): void {
  const docs = texts.map((text) => prepareDoc(text));
  port.postMessage({ job, kind: 'docs', docs } satisfies FromPreparer, docs.flatMap((doc) => [doc.termIds.buffer, doc.termWeights.buffer] as ArrayBuffer[]));
}

port.on('message', (message: ToPreparer | ToDocs) => {
  if ('texts' in message) return answerDocs(message);
  const { job, source, stored, withDocs } = message;
  let answer: FromPreparer;
  let transfer: ArrayBuffer[] = [];
  let lookupFailed: Error | null = null;
  const known = (keys: ItemKey[]) => {
    try {
      return storedAmong(stored, keys);
    } catch (error) {
      lookupFailed = error as Error;
      throw error;
    }
  };
  try {
    const prepared = prepareFeed(source, known, withDocs);
    answer = { job, kind: 'prepared', prepared };
    transfer = prepared.docs.flatMap((doc) => [doc.termIds.buffer, doc.termWeights.buffer] as ArrayBuffer[]);
  } catch (error) {
    const message = error instanceof Error ? error.message : 'The feed could not be read.';
    // A database this thread cannot read is no fault of the feed: the main thread does that one.
    answer = lookupFailed ? { job, kind: 'declined', message } : { job, kind: 'failed', message, notAFeed: error instanceof FeedParseError };
  }
  port.postMessage(answer, transfer);
});
