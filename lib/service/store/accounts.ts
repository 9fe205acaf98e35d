import type { AccountStatus, Plan } from '@/lib/contract/common';

export type User = { id: string; email: string; plan: Plan; status: AccountStatus; is_owner: number; created_at: string };
export type CredentialKind = 'api_key' | 'app_token';
export type Credential = {
  id: string; user_id: string; kind: CredentialKind; name: string; prefix: string;
  created_at: string; last_used_at: string | null; revoked_at: string | null;
};
/** A credential with the user it belongs to: who a request that presents it is. */
export type CredentialOwner = { credential: Credential; user: User };
/** A user as the operator's listing shows it, with what the account holds. */
export type UserSummary = User & { api_keys: number; subscriptions: number };
/** The hashes a credential is stored by: of its secret and, for an API key, of its Fever key. */
export type CredentialHashes = { secretHash: string; feverKeyHash: string | null };

/** Users and their credentials (API keys, app tokens). Secrets are never stored, only their hashes. */
export type AccountStore = {
  /** The user with this email (compared without case), or null. */
  userByEmail(email: string): Promise<User | null>;
  /** The user with this id, or null. */
  user(id: string): Promise<User | null>;
  /** The owner of the installation, or null before there is one. */
  owner(): Promise<User | null>;
  /** Stores the user unless one has its email already; answers the stored user, new or existing. */
  ensureUser(user: User): Promise<User>;
  /** Every user with key and subscription counts, oldest first. */
  summaries(): Promise<UserSummary[]>;
  setPlan(userId: string, plan: Plan): Promise<void>;
  setStatus(userId: string, status: AccountStatus): Promise<void>;
  /** Stores a new credential by its hashes. */
  addCredential(credential: Credential, hashes: CredentialHashes): Promise<void>;
  /**
   * Makes the credential with these hashes the one live credential of its user, kind and name:
   * revokes the others, revives it when revoked, and stores it when missing.
   */
  keepOnlyCredential(credential: Credential, hashes: CredentialHashes): Promise<void>;
  /** Revokes a live credential of the user (of this kind when given); false when there is none. */
  revokeCredential(userId: string, credentialId: string, kind?: CredentialKind): Promise<boolean>;
  /** Revokes every live credential of the user with this kind and name. */
  revokeCredentialsNamed(userId: string, kind: CredentialKind, name: string): Promise<void>;
  /** The user's live credentials of a kind, newest first. */
  credentials(userId: string, kind: CredentialKind): Promise<Credential[]>;
  /** The credential (live or revoked) stored with this secret hash, and its user; null when none. */
  bySecretHash(secretHash: string): Promise<CredentialOwner | null>;
  /** The credential stored with this Fever key hash, and its user; null when none. */
  byFeverKeyHash(feverKeyHash: string): Promise<CredentialOwner | null>;
  /** A credential by id with its user and secret hash (the key of HMACs that must die with it); null when none. */
  byId(credentialId: string): Promise<(CredentialOwner & { secretHash: string }) | null>;
  /**
   * Records when a credential was last used. It is bookkeeping: when the database is busy with
   * another writer the record is skipped rather than failing the request that used it.
   */
  touch(credentialId: string, at: string): Promise<void>;
};
