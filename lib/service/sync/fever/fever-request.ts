/** Fever's numbers and id lists, as its calls send them. */

/** A whole number of at least `min`, or undefined for anything else. */
export function wholeNumber(value: string | null, min = 0): number | undefined {
  if (value === null || !/^\d{1,15}$/.test(value.trim())) return undefined;
  const number = Number(value.trim());
  return number >= min ? number : undefined;
}

/** A comma-separated list of whole numbers (at most `max`), or undefined when any entry is not one. */
export function idList(value: string, max: number): number[] | undefined {
  const parts = value.split(',').map((part) => part.trim()).filter(Boolean);
  if (parts.length > max) return undefined;
  const ids = parts.map((part) => wholeNumber(part, 1));
  return ids.every((id) => id !== undefined) ? (ids as number[]) : undefined;
}
