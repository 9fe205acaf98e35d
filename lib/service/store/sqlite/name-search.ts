import { preparedStatement, type Db } from '../database';
import type { NameSearch } from '../name-search';
import { needle, textMatch } from './text-match';

/** Rows of one of the user's named things (`from` is "table alias") whose name contains the text, a page of them and the total. */
export function searchByName<Row>(db: Db, userId: string, from: string, columns: string, query: NameSearch): { rows: Row[]; total: number } {
  const [, alias] = from.split(' ');
  const name = `${alias}.name`;
  const match = textMatch(db, [name], name);
  const where = `${alias}.user_id = @user AND ${match.where}`;
  const params = { user: userId, needle: needle(query.q), limit: query.limit, offset: query.offset };
  const total = preparedStatement(db, `SELECT COUNT(*) FROM ${from} WHERE ${where}`).pluck().get(params) as number;
  const rows = preparedStatement(db, `SELECT ${columns} FROM ${from} WHERE ${where}
    ORDER BY ${match.rank}, ${name} COLLATE NOCASE, ${alias}.id LIMIT @limit OFFSET @offset`).pluck(false).all(params) as Row[];
  return { rows, total };
}
