/** A request body for tests of body limits: 64 KB chunks made only when pulled, counted. */
const chunkBytes = 64 * 1024;

/** A body of `chunks` chunks of 64 KB made only when pulled, with the count of those pulled so far. */
export function lazyBody(chunks: number): { stream: ReadableStream<Uint8Array>; pulled: () => number; cancelled: () => boolean } {
  let pulled = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) return controller.close();
      pulled += 1;
      controller.enqueue(new Uint8Array(chunkBytes).fill(97));
    },
    cancel() {
      cancelled = true;
    },
  }, { highWaterMark: 0 });
  return { stream, pulled: () => pulled, cancelled: () => cancelled };
}
