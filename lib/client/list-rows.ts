/*
 * The rows of the item lists on a page, as the keyboard moves through them: each row is an
 * `li[data-item-id]` directly in its list (`data-item-global` marks an item from beyond the
 * person's subscriptions), and its `[data-item-link]` is what takes focus, so a screen reader follows.
 * A page may add stops between them: elements that are not items but that j and k land on too
 * (a story's toggle on the stories page), focused themselves.
 */

function byPageOrder(a: Element, b: Element): number {
  return a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
}

function isShown(element: Element): boolean {
  return element.isConnected && !element.closest('[hidden]');
}

/** The rows shown in these lists, in page order (a collapsed list's rows are skipped). */
export function rowsIn(lists: Iterable<Element>): HTMLElement[] {
  const shown = [...lists].filter(isShown);
  shown.sort(byPageOrder);
  return shown.flatMap((list) => [...list.children].filter((row): row is HTMLElement => row instanceof HTMLElement && row.matches('li[data-item-id]')));
}

/** The rows of these lists and the shown stops, together in page order: the places j and k move between. */
export function placesIn(lists: Iterable<Element>, stops: Iterable<HTMLElement>): HTMLElement[] {
  const rows = rowsIn(lists);
  const shownStops = [...stops].filter(isShown);
  // Rows come in page order already: a river of thousands is not sorted again on every j.
  return shownStops.length ? [...rows, ...shownStops].sort(byPageOrder) : rows;
}

/** Whether a place is an item's row (else it is a stop). */
export function isRow(place: HTMLElement): boolean {
  return place.matches('li[data-item-id]');
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

/** Moves focus to a place: a row's title link, or the stop itself. */
export function focusPlace(place: HTMLElement): void {
  if (isRow(place)) return focusRow(place);
  place.focus();
  place.scrollIntoView?.({ block: 'nearest' });
}
