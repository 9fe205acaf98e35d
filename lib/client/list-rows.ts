/*
 * The rows of the item lists on a page, as the keyboard moves through them: each row is an
 * `li[data-item-id]` directly in its list (`data-item-global` marks an item from beyond the
 * person's subscriptions), and its `[data-item-link]` is what takes focus, so a screen reader follows.
 */

/** The rows shown in these lists, in page order (a collapsed list's rows are skipped). */
export function rowsIn(lists: Iterable<Element>): HTMLElement[] {
  const shown = [...lists].filter((list) => list.isConnected && !list.closest('[hidden]'));
  shown.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return shown.flatMap((list) => [...list.children].filter((row): row is HTMLElement => row instanceof HTMLElement && row.matches('li[data-item-id]')));
}

/** Whether a row shows this item (an own item and a global one may share an id). */
export function rowShows(row: HTMLElement, item: { id: string; is_global?: boolean }): boolean {
  return row.dataset.itemId === item.id && Boolean(item.is_global) === ('itemGlobal' in row.dataset);
}

/** Moves focus to a row's title link and brings the row into view. */
export function focusRow(row: HTMLElement, options?: FocusOptions): void {
  row.querySelector<HTMLElement>('[data-item-link]')?.focus(options);
  row.scrollIntoView?.({ block: 'nearest' });
}
