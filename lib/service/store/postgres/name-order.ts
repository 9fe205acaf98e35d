/*
 * Names compared as SQLite's stores compare them, in SQL for PostgreSQL.
 * - Order: SQLite's `COLLATE NOCASE` folds ASCII letters only and then compares bytes. lower()
 *   under the "C" collation folds ASCII only too, and "C" compares bytes: the same order on any
 *   server locale (the `nocase` ICU collation of the name columns would sort by Unicode rules).
 * - Search: names are matched NFKC-normalized and lower-cased by Unicode's rules (ICU's root
 *   locale), as foldText() does in JavaScript, so "Ärger" finds "ÄRGER" as on SQLite.
 */

/** An ORDER BY term sorting `column` as SQLite's COLLATE NOCASE does. */
export function orderWithoutCase(column: string): string {
  return `lower(${column} COLLATE "C") COLLATE "C"`;
}

/** `column` as a name search compares it (see foldText in store/sqlite/text-match.ts). */
export function folded(column: string): string {
  return `lower(normalize(${column}, NFKC) COLLATE "und-x-icu")`;
}
