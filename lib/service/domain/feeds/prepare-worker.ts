/**
 * The worker thread's side of feed-preparer.ts: prepares fetched documents, asking a read-only
 * connection of its own which items are stored already, so it never waits on the main thread
 * (which is busy writing). It sees what is committed, as the main thread does between batches.
 */
import Database from 'better-sqlite3';
import { statSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { FeedParseError } from '../../ingest/parse-feed';
import { prepareDoc } from '../../intelligence/prepare-doc';
import { prepareFeed, type ItemKey } from './prepare-feed';
import type { FromPreparer, StoredItemsOf, ToDocs, ToPreparer } from './prepare-messages';

type Lookup = { inode: number; db: Database.Database; byGuid: Database.Statement; byUrl: Database.Statement };

/** Connections by file; a file replaced since (same path, other inode) is opened again. */
const lookups = new Map<string, Lookup>();
const MAX_CONNECTIONS = 4;

function lookupFor(file: string): Lookup {
  const inode = statSync(file).ino;
  const open = lookups.get(file);
  if (open?.inode === inode) return open;
  open?.db.close();
  lookups.delete(file);
  if (lookups.size >= MAX_CONNECTIONS) {
    const [oldest, lookup] = lookups.entries().next().value!;
    lookup.db.close();
    lookups.delete(oldest);
  }
  const db = new Database(file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  const lookup = {
    inode, db,
    byGuid: db.prepare('SELECT 1 FROM items WHERE feed_id = ? AND guid = ?').pluck(),
    byUrl: db.prepare('SELECT 1 FROM items WHERE feed_id = ? AND url = ?').pluck(),
  };
  lookups.set(file, lookup);
  return lookup;
}

function storedAmong(stored: StoredItemsOf, keys: ItemKey[]): boolean[] {
  const { byGuid, byUrl } = lookupFor(stored.file);
  return keys.map(({ guid, url }) => Boolean(guid ? byGuid.get(stored.feedId, guid) : url && byUrl.get(stored.feedId, url)));
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
