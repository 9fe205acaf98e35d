/*
 * Entry of the feed preparer's worker thread (feed-preparer.ts). Plain JavaScript, so that Node
 * starts it the same way wherever the service runs (tsx, vitest, a Next build); it loads the
 * TypeScript handler through tsx (a dependency), unless the thread inherited a loader already.
 */
const handler = new URL('./prepare-worker.ts', import.meta.url);
try {
  await import(handler.href);
} catch (error) {
  if (error?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw error;
  const { register } = await import('tsx/esm/api');
  register();
  // A query makes it a new module: the loader remembers the failed attempt under the plain URL.
  await import(`${handler.href}?tsx`);
}
