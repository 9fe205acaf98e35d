/*
 * A sentence an action leaves for the page it goes on to, such as "Unsubscribed from Harbour
 * Notes." after unsubscribing from a subscription's own page, which then no longer exists. The
 * app moves between pages without reloading, so the note waits here, for that page only.
 */

let note: { path: string; text: string } | null = null;

/** Leaves `text` for the page at `path` to say when it opens. */
export function leaveNote(path: string, text: string): void {
  note = { path, text };
}

/** The note left for `path`, or '' (reading it leaves it in place, so a render may repeat). */
export function noteFor(path: string): string {
  return note?.path === path ? note.text : '';
}

/** Forgets the note left for `path`, once it is shown; answers whether there was one. */
export function forgetNote(path: string): boolean {
  if (note?.path !== path) return false;
  note = null;
  return true;
}
