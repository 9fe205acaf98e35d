import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Plan } from '@/lib/contract/common';
import type { Credential, CredentialHashes, CredentialKind, CredentialOwner, User } from '../store/accounts';
import type { Store } from '../store/store';

export type { Credential, CredentialKind, User } from '../store/accounts';

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
export function findUserByEmail(store: Store, email: string): Promise<User | null> {
  return store.accounts.userByEmail(email);
}

/** Reads a user by id, or null. */
export function findUser(store: Store, id: string): Promise<User | null> {
  return store.accounts.user(id);
}

/** Finds or creates the user with this email. */
export function ensureUser(store: Store, email: string, options: { plan?: Plan; owner?: boolean } = {}): Promise<User> {
  return store.accounts.ensureUser({
    id: randomUUID(), email, plan: options.plan ?? 'free', status: 'active',
    is_owner: options.owner ? 1 : 0, created_at: new Date().toISOString(),
  });
}

/** The owner of a local installation, created on first use. */
export async function ensureOwner(store: Store, email: string): Promise<User> {
  return (await store.accounts.owner()) ?? ensureUser(store, email, { owner: true, plan: 'plus' });
}

/** Changes a user's plan. */
export function setPlan(store: Store, userId: string, plan: Plan): Promise<void> {
  return store.accounts.setPlan(userId, plan);
}

/** Changes a user's status (active, banned, locked). */
export function setStatus(store: Store, userId: string, status: User['status']): Promise<void> {
  return store.accounts.setStatus(userId, status);
}

/** A new credential of a user and the hashes it is kept by; the plain secret is never stored. */
async function newCredential(store: Store, userId: string, kind: CredentialKind, name: string, secret: string): Promise<{ credential: Credential; hashes: CredentialHashes }> {
  const credential: Credential = {
    id: randomUUID(), user_id: userId, kind, name, prefix: secret.slice(0, tokenPrefix[kind].length + 4),
    created_at: new Date().toISOString(), last_used_at: null, revoked_at: null,
  };
  // An API key is also a sync password; Fever presents it only as md5(email:key), kept here hashed again.
  const email = kind === 'api_key' ? (await store.accounts.user(userId))?.email : undefined;
  return { credential, hashes: { secretHash: hashSecret(secret), feverKeyHash: email === undefined ? null : hashSecret(feverApiKey(email, secret)) } };
}

/** Issues a credential; the plain secret is returned once and only its hash is kept. */
export async function issueCredential(
  store: Store, userId: string, kind: CredentialKind, name: string, secret = tokenPrefix[kind] + randomSecret(),
): Promise<{ credential: Credential; secret: string }> {
  const { credential, hashes } = await newCredential(store, userId, kind, name, secret);
  await store.accounts.addCredential(credential, hashes);
  return { credential, secret };
}

/** The Fever API's key for an account's API key: the md5 hex of `email:key`, as Fever clients compute it. */
export function feverApiKey(email: string, secret: string): string {
  return createHash('md5').update(`${email}:${secret}`).digest('hex');
}

/** Revokes a credential of a user; false when the user has no such live credential. */
export function revokeCredential(store: Store, userId: string, credentialId: string, kind?: CredentialKind): Promise<boolean> {
  return store.accounts.revokeCredential(userId, credentialId, kind);
}

/** Revokes every live credential of a kind with this name (used to rotate the app's own token). */
export function revokeCredentialsNamed(store: Store, userId: string, kind: CredentialKind, name: string): Promise<void> {
  return store.accounts.revokeCredentialsNamed(userId, kind, name);
}

/**
 * Makes the app token every node derives from the shared TIDINGS_SECRET the one live token of its
 * name, so a node's start keeps the others signed in instead of rotating their token away.
 */
export async function keepSharedAppToken(store: Store, userId: string, name: string, sharedSecret: string): Promise<string> {
  const secret = tokenPrefix.app_token + base62Of(createHmac('sha512', sharedSecret).update('tidings app token v1').digest().subarray(0, 40));
  const { credential, hashes } = await newCredential(store, userId, 'app_token', name, secret);
  await store.accounts.keepOnlyCredential(credential, hashes);
  return secret;
}

/** Live credentials of a kind for a user, newest first. */
export function listCredentials(store: Store, userId: string, kind: CredentialKind): Promise<Credential[]> {
  return store.accounts.credentials(userId, kind);
}

/** Looks up a presented secret: the live credential and its user, or null. */
export async function findCredentialBySecret(store: Store, secret: string): Promise<CredentialOwner | null> {
  return live(await store.accounts.bySecretHash(hashSecret(secret)));
}

/** Looks up a Fever `api_key` (md5 of `email:key`, hex): the live API key and its user, or null. */
export async function findCredentialByFeverKey(store: Store, apiKey: string): Promise<CredentialOwner | null> {
  return live(await store.accounts.byFeverKeyHash(hashSecret(apiKey.toLowerCase())));
}

function live(found: CredentialOwner | null): CredentialOwner | null {
  return found && !found.credential.revoked_at ? found : null;
}

/** Whether a string has the shape of one of our credentials. */
export function looksLikeCredential(token: string): boolean {
  return /^tid_(live|app)_[0-9A-Za-z]{20,}$/.test(token);
}

/** Records when a credential was last used, at most once a minute to spare writes. */
export async function touchCredential(store: Store, credential: Credential, now = new Date()): Promise<void> {
  const last = credential.last_used_at ? Date.parse(credential.last_used_at) : 0;
  if (now.getTime() - last < 60_000) return;
  await store.accounts.touch(credential.id, now.toISOString());
}
