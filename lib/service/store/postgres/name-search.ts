import { foldText } from '../sqlite/text-match';
import type { NameSearch } from '../name-search';
import { folded, orderWithoutCase } from './name-order';
import type { Queryable } from './unit-of-work';

/**
 * Rows of one of the user's named things (`from` is "table alias") whose name contains the text
 * (a plain substring, `%` and `_` literal), those starting with it first, then A to Z: a page and the total.
 */
export async function searchByName<Row>(db: Queryable, userId: string, from: string, columns: string, query: NameSearch): Promise<{ rows: Row[]; total: number }> {
  const [, alias] = from.split(' ');
  const name = folded(`${alias}.name`);
  const needle = foldText(query.q).trim();
  const where = `${alias}.user_id = $1 AND strpos(${name}, $2) > 0`;
  const [count, page] = await Promise.all([
    db.query<{ total: number }>(`SELECT COUNT(*)::int AS total FROM ${from} WHERE ${where}`, [userId, needle]),
    db.query(`SELECT ${columns} FROM ${from} WHERE ${where}
      ORDER BY strpos(${name}, $2) != 1, ${orderWithoutCase(`${alias}.name`)}, ${alias}.id COLLATE "C" LIMIT $3 OFFSET $4`,
    [userId, needle, query.limit, query.offset]),
  ]);
  return { rows: page.rows as Row[], total: count.rows[0]!.total };
}
