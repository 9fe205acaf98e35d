import { afterEach, describe, expect, it } from 'vitest';
import { allRows, openDatabase, preparedStatement, preparedStatementLimit, type Db } from '@/lib/service/store/database';

const opened: Db[] = [];

function database(): Db {
  const db = openDatabase(':memory:');
  opened.push(db);
  db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  db.prepare('INSERT INTO notes (id, body) VALUES (?, ?), (?, ?), (?, ?)').run(1, 'one', 2, 'two', 3, 'three');
  return db;
}

afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

describe('preparedStatement', () => {
  it('prepares a query once per database and reuses it with other parameters', () => {
    const db = database();
    const sql = 'SELECT body FROM notes WHERE id = ?';
    const first = preparedStatement(db, sql);
    expect(preparedStatement(db, sql)).toBe(first);
    expect(first.pluck().get(1)).toBe('one');
    expect(preparedStatement(db, sql).pluck().get(3)).toBe('three');
  });

  it('keeps one cache per database, so a statement never runs against another file', () => {
    const a = database();
    const b = database();
    b.prepare('UPDATE notes SET body = ? WHERE id = 1').run('uno');
    const sql = 'SELECT body FROM notes WHERE id = 1';
    expect(preparedStatement(a, sql)).not.toBe(preparedStatement(b, sql));
    expect(preparedStatement(a, sql).pluck().get()).toBe('one');
    expect(preparedStatement(b, sql).pluck().get()).toBe('uno');
  });

  it('keeps at most the limit, dropping the least recently used query first', () => {
    const db = database();
    const query = (n: number) => `SELECT ${n} AS n`;
    const oldest = preparedStatement(db, query(0));
    const kept = preparedStatement(db, query(1));
    for (let n = 2; n < preparedStatementLimit; n++) preparedStatement(db, query(n));
    expect(preparedStatement(db, query(1))).toBe(kept);
    // One more distinct query than the limit: query 0, used least recently, makes room.
    preparedStatement(db, query(preparedStatementLimit));
    expect(preparedStatement(db, query(1))).toBe(kept);
    const again = preparedStatement(db, query(0));
    expect(again).not.toBe(oldest);
    expect(again.pluck().get()).toBe(0);
  });
});

describe('allRows', () => {
  it('gives the rows all would, as objects, and leaves the statement usable in another mode', () => {
    const db = database();
    const sql = 'SELECT id, body, length(body) AS size FROM notes WHERE id >= @from ORDER BY id';
    const statement = preparedStatement(db, sql);
    const expected = db.prepare(sql).all({ from: 2 });
    expect(allRows(statement, { from: 2 })).toEqual(expected);
    expect(allRows(preparedStatement(db, sql), { from: 3 })).toEqual([{ id: 3, body: 'three', size: 5 }]);
    expect(preparedStatement(db, sql).pluck().all({ from: 2 })).toEqual([2, 3]);
    expect(allRows(preparedStatement(db, sql), { from: 1 })).toHaveLength(3);
  });

  it('names columns as all does whatever they are called, nulls and repeated names included', () => {
    const db = database();
    const sql = `SELECT id, NULL AS "it's", body AS "a \\ ""b""", 'x' AS id, body AS "" FROM notes WHERE id = 2`;
    const rows = allRows<Record<string, unknown>>(preparedStatement(db, sql), {});
    expect(rows).toEqual(db.prepare(sql).all());
    expect(Object.keys(rows[0])).toEqual(Object.keys(db.prepare(sql).get() as object));
  });
});
