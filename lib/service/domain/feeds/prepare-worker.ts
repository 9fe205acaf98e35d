/**
 * The worker thread's side of feed-preparer.ts: prepares fetched documents, asking a read-only
 * connection of its own which items are stored already, so it never waits on the main thread
 * (which is busy writing). It sees what is committed, as the main thread does between batches.
 * Without a file (PostgreSQL) it opens the document, asks the main thread about its keys and goes
 * on with other work meanwhile, then finishes it when the answer comes.
 */
import { parentPort } from 'node:worker_threads';
import { storedKeysAmong } from '../../store/stored-item-keys';
import { FeedParseError } from '../../ingest/parse-feed';
import { prepareDoc } from '../../intelligence/prepare-doc';
import { finishFeed, openFeed, prepareFeed, type ItemKey, type OpenedFeed, type PreparedFeed } from './prepare-feed';
import type { FromPreparer, StoredItemsOf, ToDocs, ToKnown, ToPreparer } from './prepare-messages';

function storedAmong(stored: StoredItemsOf, keys: ItemKey[]): boolean[] {
  return storedKeysAmong(stored.file, stored.feedId, keys);
}

const port = parentPort!;

function answerDocs({ job, texts }: ToDocs): void {
  const docs = texts.map((text) => prepareDoc(text));
  port.postMessage({ job, kind: 'docs', docs } satisfies FromPreparer, docs.flatMap((doc) => [doc.termIds.buffer, doc.termWeights.buffer] as ArrayBuffer[]));
}

function failedAnswer(job: number, error: unknown): FromPreparer {
  return { job, kind: 'failed', message: error instanceof Error ? error.message : 'The feed could not be read.', notAFeed: error instanceof FeedParseError };
}

function sendPrepared(job: number, prepared: PreparedFeed): void {
  port.postMessage({ job, kind: 'prepared', prepared } satisfies FromPreparer, prepared.docs.flatMap((doc) => [doc.termIds.buffer, doc.termWeights.buffer] as ArrayBuffer[]));
}

/** Opened documents waiting for the main thread to say which of their items are stored. */
const opened = new Map<number, { feed: OpenedFeed; withDocs: boolean }>();

function open({ job, source, withDocs }: ToPreparer): void {
  try {
    const feed = openFeed(source);
    opened.set(job, { feed, withDocs });
    port.postMessage({ job, kind: 'keys', keys: feed.keys } satisfies FromPreparer);
  } catch (error) {
    port.postMessage(failedAnswer(job, error));
  }
}

function finish({ job, known }: ToKnown): void {
  const waiting = opened.get(job);
  opened.delete(job);
  if (!waiting || !known) return;
  try {
    sendPrepared(job, finishFeed(waiting.feed, known, waiting.withDocs));
  } catch (error) {
    port.postMessage(failedAnswer(job, error));
  }
}

port.on('message', (message: ToPreparer | ToDocs | ToKnown) => {
  if ('texts' in message) return answerDocs(message);
  if ('known' in message) return finish(message);
  if (!message.stored) return open(message);
  const { job, source, withDocs } = message;
  const stored = message.stored;
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
