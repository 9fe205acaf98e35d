/*
 * The lists of items on screen (the river, a subscription's items) fetch only their new page
 * when more load, so they never reshuffle under the reader. When items changed elsewhere (the
 * outbox sent changes made offline), they are told here to fetch all their pages again.
 */

const lists = new Set<() => void>();

/** Calls `refresh` each time items are announced changed; answers the function that stops it. */
export function onItemsChanged(refresh: () => void): () => void {
  lists.add(refresh);
  return () => {
    lists.delete(refresh);
  };
}

/** Tells every list of items on screen to fetch its pages again. */
export function announceItemsChanged(): void {
  for (const refresh of lists) refresh();
}
