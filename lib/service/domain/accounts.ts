import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { AccountStatus, Plan } from '@/lib/contract/common';
import { preparedOnce, type Db } from '../store/database';

export type User = { id: string; email: string; plan: Plan; status: AccountStatus; is_owner: number; created_at: string };
export type CredentialKind = 'api_key' | 'app_token';
export type Credential = {
  id: string; user_id: string; kind: CredentialKind; name: string; prefix: string;
  created_at: string; last_used_at: string | null; revoked_at: string | null;
};

const tokenPrefix: Record<CredentialKind, string> = { api_key: 'tid_live_', app_token: 'tid_app_' };
const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** SHA-256 of a secret: the only form in which credentials are stored. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function randomSecret(length = 40): string {
  return base62Of(randomBytes(length));
}

function base62Of(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += base62[byte % 62];
  return out;
}

/** Finds a user by email, or null. */
export function findUserByEmail(db: Db, email: string): User | null {
  return (db.prepare('SELECT * FROM users WHERE email = ?').get(email) as User | undefined) ?? null;
}

/** Reads a user by id, or null. */
export function findUser(db: Db, id: string): User | null {
  return (db.prepare('SELECT * FROM users WHERE id = ?').get(id) as User | undefined) ?? null;
}

/** Finds or creates the user with this email. */
export function ensureUser(db: Db, email: string, options: { plan?: Plan; owner?: boolean } = {}): User {
  const existing = findUserByEmail(db, email);
  if (existing) return existing;
  const user: User = {
    id: randomUUID(), email, plan: options.plan ?? 'free', status: 'active',
    is_owner: options.owner ? 1 : 0, created_at: new Date().toISOString(),
  };
  db.prepare('INSERT INTO users (id, email, plan, status, is_owner, created_at) VALUES (@id, @email, @plan, @status, @is_owner, @created_at)').run(user);
  return user;
}

/** The owner of a local installation, created on first use. */
export function ensureOwner(db: Db, email: string): User {
  const owner = db.prepare('SELECT * FROM users WHERE is_owner = 1 LIMIT 1').get() as User | undefined;
  return owner ?? ensureUser(db, email, { owner: true, plan: 'plus' });
}

/** Changes a user's plan. */
export function setPlan(db: Db, userId: string, plan: Plan): void {
  db.prepare('UPDATE users SET plan = ? WHERE id = ?').run(plan, userId);
}

/** Changes a user's status (active, banned, locked). */
export function setStatus(db: Db, userId: string, status: AccountStatus): void {
  db.prepare('UPDATE users SET status = ? WHERE id = ?').run(status, userId);
}

/** Issues a credential; the plain secret is returned once and only its hash is kept. */
export function issueCredential(
  db: Db, userId: string, kind: CredentialKind, name: string, secret = tokenPrefix[kind] + randomSecret(),
): { credential: Credential; secret: string } {
  const credential: Credential = {
    id: randomUUID(), user_id: userId, kind, name, prefix: secret.slice(0, tokenPrefix[kind].length + 4),
    created_at: new Date().toISOString(), last_used_at: null, revoked_at: null,
  };
  // An API key is also a sync password; Fever presents it only as md5(email:key), kept here hashed again.
  const email = kind === 'api_key' ? db.prepare('SELECT email FROM users WHERE id = ?').pluck().get(userId) as string | undefined : undefined;
  db.prepare(`INSERT INTO credentials (id, user_id, kind, name, prefix, secret_hash, fever_key_hash, created_at)
    VALUES (@id, @user_id, @kind, @name, @prefix, @secret_hash, @fever_key_hash, @created_at)`).run({
    ...credential, secret_hash: hashSecret(secret), fever_key_hash: email === undefined ? null : hashSecret(feverApiKey(email, secret)),
  });
  return { credential, secret };
}

/** The Fever API's key for an account's API key: the md5 hex of `email:key`, as Fever clients compute it. */
export function feverApiKey(email: string, secret: string): string {
  return createHash('md5').update(`${email}:${secret}`).digest('hex');
}

/** Revokes a credential of a user; false when the user has no such live credential. */
export function revokeCredential(db: Db, userId: string, credentialId: string, kind?: CredentialKind): boolean {
  const result = db.prepare(`UPDATE credentials SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL
    AND (? IS NULL OR kind = ?)`).run(new Date().toISOString(), credentialId, userId, kind ?? null, kind ?? null);
  return result.changes > 0;
}

/** Revokes every live credential of a kind with this name (used to rotate the app's own token). */
export function revokeCredentialsNamed(db: Db, userId: string, kind: CredentialKind, name: string): void {
  db.prepare('UPDATE credentials SET revoked_at = ? WHERE user_id = ? AND kind = ? AND name = ? AND revoked_at IS NULL')
    .run(new Date().toISOString(), userId, kind, name);
}

/**
 * Makes the app token every node derives from the shared TIDINGS_SECRET the one live token of its
 * name, so a node's start keeps the others signed in instead of rotating their token away.
 */
export function keepSharedAppToken(db: Db, userId: string, name: string, sharedSecret: string): string {
  const secret = tokenPrefix.app_token + base62Of(createHmac('sha512', sharedSecret).update('tidings app token v1').digest().subarray(0, 40));
  const hash = hashSecret(secret);
  db.transaction(() => {
    const now = new Date().toISOString();
    db.prepare(`UPDATE credentials SET revoked_at = ? WHERE user_id = ? AND kind = 'app_token' AND name = ? AND revoked_at IS NULL
      AND secret_hash != ?`).run(now, userId, name, hash);
    const changed = db.prepare('UPDATE credentials SET revoked_at = NULL WHERE secret_hash = ? AND user_id = ?').run(hash, userId);
    if (changed.changes === 0) issueCredential(db, userId, 'app_token', name, secret);
  }).immediate();
  return secret;
}

/** Live credentials of a kind for a user, newest first. */
export function listCredentials(db: Db, userId: string, kind: CredentialKind): Credential[] {
  return db.prepare(`SELECT id, user_id, kind, name, prefix, created_at, last_used_at, revoked_at FROM credentials
    WHERE user_id = ? AND kind = ? AND revoked_at IS NULL ORDER BY created_at DESC`).all(userId, kind) as Credential[];
}

// Every authenticated request looks its key up: preparing these each time was most of authenticating (bench: load).
const credentialStatements = preparedOnce((db) => ({
  bySecretHash: db.prepare(`SELECT c.id, c.user_id, c.kind, c.name, c.prefix, c.created_at, c.last_used_at, c.revoked_at,
      u.email, u.plan, u.status, u.is_owner, u.created_at AS user_created_at
    FROM credentials c JOIN users u ON u.id = c.user_id WHERE c.secret_hash = ?`),
  byFeverKeyHash: db.prepare(`SELECT c.id, c.user_id, c.kind, c.name, c.prefix, c.created_at, c.last_used_at, c.revoked_at,
      u.email, u.plan, u.status, u.is_owner, u.created_at AS user_created_at
    FROM credentials c JOIN users u ON u.id = c.user_id WHERE c.fever_key_hash = ?`),
  touch: db.prepare('UPDATE credentials SET last_used_at = ? WHERE id = ?'),
}));

/** Looks up a presented secret: the live credential and its user, or null. */
export function findCredentialBySecret(db: Db, secret: string): { credential: Credential; user: User } | null {
  return findCredentialByHash(db, 'bySecretHash', hashSecret(secret));
}

/** Looks up a Fever `api_key` (md5 of `email:key`, hex): the live API key and its user, or null. */
export function findCredentialByFeverKey(db: Db, apiKey: string): { credential: Credential; user: User } | null {
  return findCredentialByHash(db, 'byFeverKeyHash', hashSecret(apiKey.toLowerCase()));
}

function findCredentialByHash(db: Db, statement: 'bySecretHash' | 'byFeverKeyHash', hash: string): { credential: Credential; user: User } | null {
  const row = credentialStatements(db)[statement].get(hash) as
    (Credential & Omit<User, 'id' | 'created_at'> & { user_created_at: string }) | undefined;
  if (!row || row.revoked_at) return null;
  const { email, plan, status, is_owner, user_created_at, ...credential } = row;
  return { credential, user: { id: row.user_id, email, plan, status, is_owner, created_at: user_created_at } };
}

/** Whether a string has the shape of one of our credentials. */
export function looksLikeCredential(token: string): boolean {
  return /^tid_(live|app)_[0-9A-Za-z]{20,}$/.test(token);
}

/** Records when a credential was last used, at most once a minute to spare writes. */
export function touchCredential(db: Db, credential: Credential, now = new Date()): void {
  const last = credential.last_used_at ? Date.parse(credential.last_used_at) : 0;
  if (now.getTime() - last < 60_000) return;
  credentialStatements(db).touch.run(now.toISOString(), credential.id);
}
