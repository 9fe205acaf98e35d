/**
 * A BIGINT column's value as a number: pg reads BIGINT as a string (it may exceed 2^53), while the
 * stores' records hold numbers, as SQLite gives them. Our BIGINTs are milliseconds and rowids, far below 2^53.
 */
export function bigNumber(value: string | number | null): number | null {
  return value === null ? null : Number(value);
}
