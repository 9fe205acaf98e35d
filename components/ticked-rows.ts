/** The ticked rows of a list with a selection bar after one row is ticked (`on`) or unticked. */
export function withRowTicked(ticked: Set<string>, id: string, on: boolean): Set<string> {
  const next = new Set(ticked);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}
