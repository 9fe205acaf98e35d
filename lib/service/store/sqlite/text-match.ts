import type { Db } from '../database';

const foldFunction = 'tidings_fold';
const registered = new WeakSet<Db>();

/** Text as it is compared: NFKC-normalized and lower-cased, so matching ignores case beyond ASCII too. */
export function foldText(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** SQLite's LIKE and lower() fold ASCII only; a JS function folds "Ä" like "ä". Registered once per connection. */
function registerFold(db: Db): void {
  if (registered.has(db)) return;
  db.function(foldFunction, { deterministic: true }, (value: unknown) => (typeof value === 'string' ? foldText(value) : null));
  registered.add(db);
}

/**
 * A name match for a search by text: a WHERE clause true when any column contains the text
 * (case-insensitive, a plain substring: `%` and `_` are literal), and a rank that puts names
 * starting with the text first. Both read the parameter `@needle`, which `needle` gives.
 */
export function textMatch(db: Db, columns: string[], rankColumn: string) {
  registerFold(db);
  const contains = (column: string) => `instr(${foldFunction}(${column}), @needle) > 0`;
  return {
    where: `(${columns.map(contains).join(' OR ')})`,
    /** 0 for a name that starts with the text, 1 otherwise: sort ascending. */
    rank: `(instr(${foldFunction}(${rankColumn}), @needle) != 1)`,
  };
}

/** The bound value of `@needle` for a search text; surrounding spaces do not count. */
export function needle(text: string): string {
  return foldText(text).trim();
}
