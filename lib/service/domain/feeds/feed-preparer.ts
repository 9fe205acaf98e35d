/**
 * Runs the database-free part of a refresh or a new subscription (decoding, parsing, sanitizing,
 * term extraction; a third of a refresh's CPU) on a worker thread, so it overlaps the main
 * thread's writing and leaves that thread to other requests. Where no
 * worker can be started, or one dies, the work is done inline with the same results, and the
 * log says so once.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { FeedParseError } from '../../ingest/parse-feed';
import { finishFeed, openFeed, type FeedSource, type ItemKey, type PreparedFeed } from './prepare-feed';
import type { PreparedDoc } from '../../intelligence/prepare-doc';
import type { DocText, FromPreparer, ToDocs, ToKnown, ToPreparer } from './prepare-messages';

/** Tells, for each item key, whether that item is stored already (asking the store, on the main thread). */
export type KnownItems = (keys: ItemKey[]) => boolean[] | Promise<boolean[]>;

/** The feed a document belongs to and how to tell its stored items. */
export type FeedStore = {
  /** The database file, which the worker reads on its own connection; null: the worker asks `known` through the main thread. */
  file: string | null;
  feedId: string;
  known: KnownItems;
  /** False leaves out the items' docs (an empty list): a refresh works them out behind, when it indexes. */
  withDocs?: boolean;
};

/** Prepares fetched feed documents, on a worker thread when it can. */
export type FeedPreparer = {
  prepare(source: FeedSource, store: FeedStore): Promise<PreparedFeed>;
  /**
   * The indexing docs of stored items, worked out on the worker thread when it has no feed to
   * prepare (feeds go first); null without a worker, or when it stops first.
   */
  prepareDocs(texts: DocText[]): Promise<PreparedDoc[] | null>;
  /** True while a worker thread does the work. */
  readonly threaded: boolean;
  close(): Promise<void>;
};

type Job = { source: FeedSource; store: FeedStore; resolve: (prepared: PreparedFeed) => void; reject: (error: Error) => void };
type DocsJob = { texts: DocText[]; resolve: (docs: PreparedDoc[] | null) => void };

const WORKER_FILE = 'prepare-worker.mjs';
/** Docs requests (a feed's new items each) the worker holds at once: the most a feed waits behind. */
const DOCS_IN_FLIGHT = 16;

/** Where the worker's entry is: beside this module (tsx, vitest), or in the source tree a Next build runs from. */
export function defaultWorkerFile(): string | null {
  const candidates: string[] = [];
  try {
    candidates.push(path.join(/*turbopackIgnore: true*/ path.dirname(fileURLToPath(import.meta.url)), WORKER_FILE));
  } catch {
    // Bundled code may have no file URL of its own.
  }
  candidates.push(path.join(/*turbopackIgnore: true*/ process.cwd(), 'lib', 'service', 'domain', 'feeds', WORKER_FILE));
  return candidates.find((file) => existsSync(file)) ?? null;
}

async function inline(source: FeedSource, store: FeedStore): Promise<PreparedFeed> {
  const opened = openFeed(source);
  return finishFeed(opened, await store.known(opened.keys), store.withDocs ?? true);
}

function runInline(job: Job): void {
  inline(job.source, job.store).then(job.resolve, job.reject);
}

/** A preparer with one worker thread started from `workerFile`; null (or a worker that fails) means inline. */
export function createFeedPreparer(workerFile: string | null = defaultWorkerFile(), log: (line: string) => void = console.warn): FeedPreparer {
  const jobs = new Map<number, Job>();
  let lastJob = 0;
  let worker: Worker | null = null;
  // Docs are sent only while no feed is being prepared, a few requests at a time, so that a feed waits little behind them.
  const docsQueue: DocsJob[] = [];
  const docsInFlight = new Map<number, DocsJob>();
  const say = (why: string) => log(`[tidings refresh] feeds are parsed on the main thread: the worker thread ${why}`);

  /** From now on the work is done inline; what was under way is done again. */
  function stopWorker(): void {
    const stopped = worker;
    worker = null;
    if (stopped) {
      stopped.removeAllListeners();
      stopped.on('error', () => {});
      void stopped.terminate();
    }
    const pending = [...jobs.values()];
    jobs.clear();
    pending.forEach(runInline);
    dropDocs();
  }

  function dropDocs(): void {
    const waiting = [...docsQueue.splice(0), ...docsInFlight.values()];
    docsInFlight.clear();
    for (const docsJob of waiting) docsJob.resolve(null);
  }

  function sendDocs(): void {
    while (worker && !jobs.size && docsInFlight.size < DOCS_IN_FLIGHT && docsQueue.length) {
      const docsJob = docsQueue.shift()!;
      const job = ++lastJob;
      docsInFlight.set(job, docsJob);
      worker.ref();
      worker.postMessage({ job, texts: docsJob.texts } satisfies ToDocs);
    }
  }

  /** Answers the worker's question about a job's keys (no file to read): the job goes on there, or fails here with the lookup. */
  function answerKeys(jobId: number, keys: ItemKey[]): void {
    const job = jobs.get(jobId);
    if (!job) return;
    Promise.resolve().then(() => job.store.known(keys)).then(
      (known) => worker?.postMessage({ job: jobId, known } satisfies ToKnown),
      (error: unknown) => {
        worker?.postMessage({ job: jobId, known: null } satisfies ToKnown);
        if (jobs.get(jobId) !== job) return;
        jobs.delete(jobId);
        if (!jobs.size && !docsInFlight.size) worker?.unref();
        sendDocs();
        job.reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  }

  function onMessage(message: FromPreparer): void {
    if (message.kind === 'keys') return answerKeys(message.job, message.keys);
    if (message.kind === 'docs') {
      docsInFlight.get(message.job)?.resolve(message.docs);
      docsInFlight.delete(message.job);
      if (!jobs.size && !docsInFlight.size && !docsQueue.length) worker?.unref();
      sendDocs();
      return;
    }
    const job = jobs.get(message.job);
    if (!job) return;
    jobs.delete(message.job);
    if (!jobs.size && !docsInFlight.size) worker?.unref();
    sendDocs();
    if (message.kind === 'prepared') job.resolve(message.prepared);
    else if (message.kind === 'failed') job.reject(message.notAFeed ? new FeedParseError(message.message) : new Error(message.message));
    else runInline(job);
  }

  if (!workerFile) {
    say("'s entry file was not found");
  } else {
    try {
      // No inherited flags (a TypeScript loader, --cpu-prof): the entry loads what it needs. Not
      // `new Worker(file)`: a bundler would take any file of the project for the worker's entry.
      worker = Reflect.construct(Worker, [workerFile, { execArgv: [] }]) as Worker;
      worker.unref();
      worker.on('message', onMessage);
      worker.on('error', (error) => {
        say(`failed (${error.message})`);
        stopWorker();
      });
      worker.on('exit', (code) => {
        say(`stopped (exit code ${code})`);
        stopWorker();
      });
    } catch (error) {
      worker = null;
      say(`could not start (${(error as Error).message})`);
    }
  }

  return {
    prepare(source, store) {
      if (!worker) return inline(source, store);
      const job = ++lastJob;
      return new Promise<PreparedFeed>((resolve, reject) => {
        jobs.set(job, { source, store, resolve, reject });
        worker!.ref();
        const stored = store.file ? { file: store.file, feedId: store.feedId } : null;
        const message: ToPreparer = { job, source, stored, withDocs: store.withDocs ?? true };
        worker!.postMessage(message);
      });
    },
    prepareDocs(texts) {
      if (!worker || !texts.length) return Promise.resolve(null);
      return new Promise((resolve) => {
        docsQueue.push({ texts, resolve });
        sendDocs();
      });
    },
    get threaded() {
      return worker !== null;
    },
    async close() {
      const closing = worker;
      worker = null;
      closing?.removeAllListeners();
      await closing?.terminate();
      const pending = [...jobs.values()];
      jobs.clear();
      pending.forEach(runInline);
      dropDocs();
    },
  };
}

let shared: FeedPreparer | null = null;

/** The process's preparer, started on first use; TIDINGS_FEED_WORKER=off keeps the work inline. */
export function sharedFeedPreparer(): FeedPreparer {
  shared ??= createFeedPreparer(process.env.TIDINGS_FEED_WORKER === 'off' ? null : defaultWorkerFile(), process.env.TIDINGS_FEED_WORKER === 'off' ? () => {} : console.warn);
  return shared;
}
