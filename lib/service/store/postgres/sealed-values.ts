import type { Queryable } from './unit-of-work';

/*
 * The values a move copies sealed (secret-box.ts: AES-GCM under the installation's key, bound to a
 * context), so that `migrate --to` can seal them again under the key every node on PostgreSQL
 * shares (TIDINGS_SECRET). Each context is the one its sealer gives; a test opens them through the
 * app's own code after a move, so a context changed there without here fails it.
 */

type SealedColumn = { what: string; table: string; column: string; keys: string[]; context: (row: Record<string, string>) => string };

const sealedColumns: SealedColumn[] = [
  // lib/server/session.ts: a person's API key in their session.
  { what: 'session keys', table: 'sessions', column: 'api_key', keys: ['id'], context: (row) => row.id! },
  // lib/server/share-links.ts: a link's token (its owner's list shows it) and its owner's key.
  { what: 'share link tokens', table: 'share_links', column: 'token_sealed', keys: ['id'], context: (row) => row.id! },
  { what: 'share link owner keys', table: 'share_links', column: 'owner_key_sealed', keys: ['id'], context: (row) => `share:${row.id}` },
  // lib/service/read-later/links.ts: a read-later service's credentials.
  { what: 'read-later credentials', table: 'read_later_links', column: 'sealed_credentials', keys: ['user_id', 'service'],
    context: (row) => `read-later:${row.user_id}:${row.service}` },
];

/** What became of one kind of sealed value: sealed again, already right, or opened by no key (left as it was). */
export type ResealedColumn = { what: string; resealed: number; unchanged: number; unopened: number };

/**
 * Passes every sealed value of the moved tables through `reseal` (the value that opens under the
 * new key, or null when it cannot be opened) and stores what changed; answers the counts.
 */
export async function resealValues(db: Queryable, reseal: (sealed: string, context: string) => string | null): Promise<ResealedColumn[]> {
  const counts: ResealedColumn[] = [];
  for (const { what, table, column, keys, context } of sealedColumns) {
    const count: ResealedColumn = { what, resealed: 0, unchanged: 0, unopened: 0 };
    const { rows } = await db.query<Record<string, string>>(
      `SELECT ${keys.join(', ')}, ${column} AS sealed FROM ${table} WHERE ${column} IS NOT NULL`);
    for (const row of rows) {
      const sealed = reseal(row.sealed!, context(row));
      if (sealed === null) count.unopened += 1;
      else if (sealed === row.sealed) count.unchanged += 1;
      else {
        count.resealed += 1;
        await db.query(`UPDATE ${table} SET ${column} = $1 WHERE ${keys.map((key, index) => `${key} = $${index + 2}`).join(' AND ')}`,
          [sealed, ...keys.map((key) => row[key])]);
      }
    }
    counts.push(count);
  }
  return counts;
}
