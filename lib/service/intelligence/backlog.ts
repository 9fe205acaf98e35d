/**
 * Indexing left for later: slices of work run one per turn of the event loop,
 * so a feed that brings thousands of items at once does not hold every other
 * request of the service for the minute its stories and similar items take.
 */

/** A queue of slices, each run on its own turn; a slice that throws is dropped, the rest go on. */
export function createBacklog() {
  const slices: Array<() => void> = [];
  let waiting: Array<() => void> = [];
  let scheduled = false;
  let closed = false;
  // Ingestion under way: slices wait, so that indexing never holds up a feed being stored.
  let holds = 0;

  function runOne(): void {
    scheduled = false;
    if (holds > 0) return;
    const slice = slices.shift();
    if (slice && !closed) {
      try {
        slice();
      } catch (error) {
        console.error(`[tidings] indexing left for later failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (slices.length && !closed) schedule();
    else settle();
  }

  function schedule(): void {
    if (scheduled) return;
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
    add(slice: () => void): void {
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
      if (!slices.length && !scheduled) return Promise.resolve();
      return new Promise((resolve) => waiting.push(resolve));
    },
    /** Drops what is still queued (the store is closing); idle() resolves. */
    close(): void {
      closed = true;
      slices.length = 0;
      settle();
    },
  };
}

/** Work to do a slice at a time, between requests. */
export type Backlog = ReturnType<typeof createBacklog>;
