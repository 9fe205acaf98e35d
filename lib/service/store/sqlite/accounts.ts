import type { AccountStatus, Plan } from '@/lib/contract/common';
import type { AccountStore, Credential, CredentialHashes, CredentialKind, CredentialOwner, User, UserSummary } from '../accounts';
import { preparedOnce, type Db } from '../database';

type OwnerRow = Credential & Omit<User, 'id' | 'created_at'> & { user_created_at: string; secret_hash: string };

const ownerColumns = `c.id, c.user_id, c.kind, c.name, c.prefix, c.created_at, c.last_used_at, c.revoked_at, c.secret_hash,
  u.email, u.plan, u.status, u.is_owner, u.created_at AS user_created_at`;
const credentialColumns = 'id, user_id, kind, name, prefix, created_at, last_used_at, revoked_at';

// Every authenticated request looks its key up: preparing these each time was most of authenticating (bench: load).
const statements = preparedOnce((db: Db) => ({
  userByEmail: db.prepare('SELECT * FROM users WHERE email = ?'),
  user: db.prepare('SELECT * FROM users WHERE id = ?'),
  owner: db.prepare('SELECT * FROM users WHERE is_owner = 1 LIMIT 1'),
  insertUser: db.prepare(`INSERT INTO users (id, email, plan, status, is_owner, created_at)
    VALUES (@id, @email, @plan, @status, @is_owner, @created_at) ON CONFLICT (email) DO NOTHING`),
  summaries: db.prepare(`SELECT u.*,
      (SELECT COUNT(*) FROM credentials c WHERE c.user_id = u.id AND c.kind = 'api_key' AND c.revoked_at IS NULL) AS api_keys,
      (SELECT COUNT(*) FROM subscriptions s WHERE s.user_id = u.id) AS subscriptions
    FROM users u ORDER BY u.created_at, u.email`),
  setPlan: db.prepare('UPDATE users SET plan = ? WHERE id = ?'),
  setStatus: db.prepare('UPDATE users SET status = ? WHERE id = ?'),
  insertCredential: db.prepare(`INSERT INTO credentials (id, user_id, kind, name, prefix, secret_hash, fever_key_hash, created_at)
    VALUES (@id, @user_id, @kind, @name, @prefix, @secret_hash, @fever_key_hash, @created_at)`),
  revokeOthersNamed: db.prepare(`UPDATE credentials SET revoked_at = ? WHERE user_id = ? AND kind = ? AND name = ? AND revoked_at IS NULL
    AND secret_hash != ?`),
  revive: db.prepare('UPDATE credentials SET revoked_at = NULL WHERE secret_hash = ? AND user_id = ?'),
  revoke: db.prepare(`UPDATE credentials SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL
    AND (? IS NULL OR kind = ?)`),
  revokeNamed: db.prepare('UPDATE credentials SET revoked_at = ? WHERE user_id = ? AND kind = ? AND name = ? AND revoked_at IS NULL'),
  credentials: db.prepare(`SELECT ${credentialColumns} FROM credentials
    WHERE user_id = ? AND kind = ? AND revoked_at IS NULL ORDER BY created_at DESC`),
  bySecretHash: db.prepare(`SELECT ${ownerColumns} FROM credentials c JOIN users u ON u.id = c.user_id WHERE c.secret_hash = ?`),
  byFeverKeyHash: db.prepare(`SELECT ${ownerColumns} FROM credentials c JOIN users u ON u.id = c.user_id WHERE c.fever_key_hash = ?`),
  byId: db.prepare(`SELECT ${ownerColumns} FROM credentials c JOIN users u ON u.id = c.user_id WHERE c.id = ?`),
  touch: db.prepare('UPDATE credentials SET last_used_at = ? WHERE id = ?'),
}));

function toOwner(row: OwnerRow): CredentialOwner & { secretHash: string } {
  const { email, plan, status, is_owner, user_created_at, secret_hash, ...credential } = row;
  return { credential, user: { id: row.user_id, email, plan, status, is_owner, created_at: user_created_at }, secretHash: secret_hash };
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

/** The account store on SQLite. */
export function sqliteAccountStore(db: Db): AccountStore {
  const insertCredential = (credential: Credential, hashes: CredentialHashes) => statements(db).insertCredential.run({
    ...credential, secret_hash: hashes.secretHash, fever_key_hash: hashes.feverKeyHash,
  });
  const ensureUser = db.transaction((user: User): User => {
    statements(db).insertUser.run(user);
    return statements(db).userByEmail.get(user.email) as User;
  });
  const keepOnly = db.transaction((credential: Credential, hashes: CredentialHashes) => {
    const now = new Date().toISOString();
    statements(db).revokeOthersNamed.run(now, credential.user_id, credential.kind, credential.name, hashes.secretHash);
    const revived = statements(db).revive.run(hashes.secretHash, credential.user_id);
    if (revived.changes === 0) insertCredential(credential, hashes);
  });
  const owned = (row: OwnerRow | undefined): CredentialOwner | null => {
    if (!row) return null;
    const { credential, user } = toOwner(row);
    return { credential, user };
  };

  return {
    userByEmail: async (email) => (statements(db).userByEmail.get(email) as User | undefined) ?? null,
    user: async (id) => (statements(db).user.get(id) as User | undefined) ?? null,
    owner: async () => (statements(db).owner.get() as User | undefined) ?? null,
    ensureUser: async (user) => ensureUser(user),
    summaries: async () => statements(db).summaries.all() as UserSummary[],
    setPlan: async (userId: string, plan: Plan) => {
      statements(db).setPlan.run(plan, userId);
    },
    setStatus: async (userId: string, status: AccountStatus) => {
      statements(db).setStatus.run(status, userId);
    },
    addCredential: async (credential, hashes) => {
      insertCredential(credential, hashes);
    },
    // Immediate: two nodes starting at once must not both find no live token and both store one.
    keepOnlyCredential: async (credential, hashes) => keepOnly.immediate(credential, hashes),
    revokeCredential: async (userId: string, credentialId: string, kind?: CredentialKind) =>
      statements(db).revoke.run(new Date().toISOString(), credentialId, userId, kind ?? null, kind ?? null).changes > 0,
    revokeCredentialsNamed: async (userId, kind, name) => {
      statements(db).revokeNamed.run(new Date().toISOString(), userId, kind, name);
    },
    credentials: async (userId, kind) => statements(db).credentials.all(userId, kind) as Credential[],
    bySecretHash: async (hash) => owned(statements(db).bySecretHash.get(hash) as OwnerRow | undefined),
    byFeverKeyHash: async (hash) => owned(statements(db).byFeverKeyHash.get(hash) as OwnerRow | undefined),
    byId: async (id) => {
      const row = statements(db).byId.get(id) as OwnerRow | undefined;
      return row ? toOwner(row) : null;
    },
    touch: async (credentialId, at) => {
      try {
        statements(db).touch.run(at, credentialId);
      } catch (error) {
        if (!isBusy(error)) throw error;
      }
    },
  };
}
