/**
 * Indexing left for later: slices of work run one per turn of the event loop,
 * so a feed that brings thousands of items at once does not hold every other
 * request of the service for the minute its stories and similar items take.
 */

/** A slice of work: synchronous (SQLite), or a promise the next slice waits for (PostgreSQL). */
export type Slice = () => void | Promise<void>;

/** A queue of slices, each run on its own turn; a slice that throws is dropped, the rest go on. */
export function createBacklog() {
  const slices: Slice[] = [];
  let waiting: Array<() => void> = [];
  let scheduled = false;
  let closed = false;
  // Ingestion under way: slices wait, so that indexing never holds up a feed being stored.
  let holds = 0;
  // The slice under way when it answered a promise: the next waits for it, and so does close.
  let running: Promise<void> | null = null;

  function failed(error: unknown): void {
    // Once closed, a slice caught half-way fails on the closed store: nothing to report.
    if (!closed) console.error(`[tidings] indexing left for later failed: ${error instanceof Error ? error.message : String(error)}`);
  }

  function runOne(): void {
    scheduled = false;
    if (holds > 0) return;
    const slice = slices.shift();
    if (slice && !closed) {
      try {
        const result = slice();
        if (result instanceof Promise) {
          running = result.catch(failed).finally(() => {
            running = null;
            next();
          });
          return;
        }
      } catch (error) {
        failed(error);
      }
    }
    next();
  }

  function next(): void {
    if (slices.length && !closed) schedule();
    else settle();
  }

  function schedule(): void {
    if (scheduled || running) return;
    scheduled = true;
    setImmediate(runOne);
  }

  function settle(): void {
    const resolvers = waiting;
    waiting = [];
    for (const resolve of resolvers) resolve();
  }

  return {
    /** Queues a slice of work after those already queued. */
    add(slice: Slice): void {
      if (closed) return;
      slices.push(slice);
      schedule();
    },
    /**
     * Holds the queue while ingestion runs (slices are still added, none run); returns the
     * function that lets it go on, to call exactly once. Holds nest.
     */
    hold(): () => void {
      holds++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds--;
        if (holds === 0 && slices.length && !closed) schedule();
      };
    },
    /** Resolves once every slice queued so far has run (at once when none is queued). */
    idle(): Promise<void> {
      if (!slices.length && !scheduled && !running) return Promise.resolve();
      return new Promise((resolve) => waiting.push(resolve));
    },
    /** Drops what is still queued (the store is closing); idle() resolves. Resolves once a slice under way has ended. */
    close(): Promise<void> {
      closed = true;
      slices.length = 0;
      settle();
      return running ?? Promise.resolve();
    },
  };
}

/** Work to do a slice at a time, between requests. */
export type Backlog = ReturnType<typeof createBacklog>;
