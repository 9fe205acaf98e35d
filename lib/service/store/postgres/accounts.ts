import type { Pool } from 'pg';
import type { AccountStore, Credential, CredentialHashes, CredentialOwner, User, UserSummary } from '../accounts';
import { orderWithoutCase } from './name-order';
import { inTransaction, retried, type Queryable } from './unit-of-work';

type OwnerRow = Credential & Omit<User, 'id' | 'created_at'> & { user_created_at: string; secret_hash: string };

const ownerColumns = `c.id, c.user_id, c.kind, c.name, c.prefix, c.created_at, c.last_used_at, c.revoked_at, c.secret_hash,
  u.email, u.plan, u.status, u.is_owner, u.created_at AS user_created_at`;
const credentialColumns = 'id, user_id, kind, name, prefix, created_at, last_used_at, revoked_at';
const userColumns = 'id, email, plan, status, is_owner, created_at';

function toOwner(row: OwnerRow): CredentialOwner & { secretHash: string } {
  const { email, plan, status, is_owner, user_created_at, secret_hash, ...credential } = row;
  return { credential, user: { id: row.user_id, email, plan, status, is_owner, created_at: user_created_at }, secretHash: secret_hash };
}

async function first<Row>(db: Queryable, sql: string, values: unknown[]): Promise<Row | null> {
  return ((await db.query(sql, values)).rows[0] as Row | undefined) ?? null;
}

async function owner(db: Queryable, where: string, value: string): Promise<(CredentialOwner & { secretHash: string }) | null> {
  const row = await first<OwnerRow>(db, `SELECT ${ownerColumns} FROM credentials c JOIN users u ON u.id = c.user_id WHERE ${where} = $1`, [value]);
  return row ? toOwner(row) : null;
}

async function insertCredential(db: Queryable, credential: Credential, hashes: CredentialHashes): Promise<void> {
  await db.query(`INSERT INTO credentials (id, user_id, kind, name, prefix, secret_hash, fever_key_hash, created_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [credential.id, credential.user_id, credential.kind, credential.name, credential.prefix,
    hashes.secretHash, hashes.feverKeyHash, credential.created_at]);
}

// lock_not_available, and the lost races: a last-used time is bookkeeping, not worth failing a request for.
const skippable = new Set(['55P03', '40001', '40P01']);

/** The account store on PostgreSQL. */
export function postgresAccountStore(pool: Pool): AccountStore {
  const ownerOf = async (where: string, value: string): Promise<CredentialOwner | null> => {
    const found = await owner(pool, where, value);
    return found ? { credential: found.credential, user: found.user } : null;
  };
  return {
    // The email column compares without case (the `nocase` collation in the schema).
    userByEmail: (email) => retried(() => first<User>(pool, `SELECT ${userColumns} FROM users WHERE email = $1`, [email])),
    user: (id) => retried(() => first<User>(pool, `SELECT ${userColumns} FROM users WHERE id = $1`, [id])),
    owner: () => retried(() => first<User>(pool, `SELECT ${userColumns} FROM users WHERE is_owner = 1 LIMIT 1`, [])),
    ensureUser: (user) => inTransaction(pool, async (db) => {
      await db.query(`INSERT INTO users (id, email, plan, status, is_owner, created_at) VALUES ($1, $2, $3, $4, $5, $6)
        ON CONFLICT (email) DO NOTHING`, [user.id, user.email, user.plan, user.status, user.is_owner, user.created_at]);
      return (await first<User>(db, `SELECT ${userColumns} FROM users WHERE email = $1`, [user.email]))!;
    }),
    summaries: () => retried(async () => (await pool.query<UserSummary>(`SELECT ${userColumns.split(', ').map((column) => `u.${column}`).join(', ')},
        (SELECT COUNT(*)::int FROM credentials c WHERE c.user_id = u.id AND c.kind = 'api_key' AND c.revoked_at IS NULL) AS api_keys,
        (SELECT COUNT(*)::int FROM subscriptions s WHERE s.user_id = u.id) AS subscriptions
      FROM users u ORDER BY u.created_at COLLATE "C", ${orderWithoutCase('u.email')}`)).rows),
    setPlan: async (userId, plan) => {
      await retried(() => pool.query('UPDATE users SET plan = $1 WHERE id = $2', [plan, userId]));
    },
    setStatus: async (userId, status) => {
      await retried(() => pool.query('UPDATE users SET status = $1 WHERE id = $2', [status, userId]));
    },
    addCredential: (credential, hashes) => retried(() => insertCredential(pool, credential, hashes)),
    keepOnlyCredential: (credential, hashes) => inTransaction(pool, async (db) => {
      // Two nodes starting at once take turns here, so they do not both find no live token and both store one.
      await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`credential:${credential.user_id}:${credential.kind}:${credential.name}`]);
      await db.query(`UPDATE credentials SET revoked_at = $1 WHERE user_id = $2 AND kind = $3 AND name = $4 AND revoked_at IS NULL
        AND secret_hash != $5`, [new Date().toISOString(), credential.user_id, credential.kind, credential.name, hashes.secretHash]);
      const revived = await db.query('UPDATE credentials SET revoked_at = NULL WHERE secret_hash = $1 AND user_id = $2', [hashes.secretHash, credential.user_id]);
      if (revived.rowCount === 0) await insertCredential(db, credential, hashes);
    }),
    revokeCredential: (userId, credentialId, kind) => retried(async () => ((await pool.query(`UPDATE credentials SET revoked_at = $1
      WHERE id = $2 AND user_id = $3 AND revoked_at IS NULL AND ($4::text IS NULL OR kind = $4::text)`,
    [new Date().toISOString(), credentialId, userId, kind ?? null])).rowCount ?? 0) > 0),
    revokeCredentialsNamed: async (userId, kind, name) => {
      await retried(() => pool.query('UPDATE credentials SET revoked_at = $1 WHERE user_id = $2 AND kind = $3 AND name = $4 AND revoked_at IS NULL',
        [new Date().toISOString(), userId, kind, name]));
    },
    credentials: (userId, kind) => retried(async () => (await pool.query<Credential>(`SELECT ${credentialColumns} FROM credentials
      WHERE user_id = $1 AND kind = $2 AND revoked_at IS NULL ORDER BY created_at COLLATE "C" DESC`, [userId, kind])).rows),
    bySecretHash: (hash) => retried(() => ownerOf('c.secret_hash', hash)),
    byFeverKeyHash: (hash) => retried(() => ownerOf('c.fever_key_hash', hash)),
    byId: (id) => retried(() => owner(pool, 'c.id', id)),
    touch: async (credentialId, at) => {
      try {
        await pool.query('UPDATE credentials SET last_used_at = $1 WHERE id = $2', [at, credentialId]);
      } catch (error) {
        if (!skippable.has((error as { code?: string }).code ?? '')) throw error;
      }
    },
  };
}
