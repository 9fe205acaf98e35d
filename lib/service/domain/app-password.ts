/*
 * The password that guards the app of this installation (the owner signs in with it).
 * Kept as a salted scrypt hash in a file of the data directory, mode 0600, so the
 * command line can set it without the server running. TIDINGS_APP_PASSWORD, when
 * set, takes precedence over the file.
 */
import { createHash, randomBytes, randomUUID, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { keyedDigest } from '../secret-box';
import { privateDirectory } from '../store/private-files';

/** A stored password: scrypt parameters, salt and hash; `id` changes on every new password. */
export type PasswordRecord = { id: string; algorithm: 'scrypt'; N: number; r: number; p: number; salt: string; hash: string; set_at: string };

/** Where the password lives currently: nowhere, the environment, or a stored record (the data directory's file, or PostgreSQL's app_password). */
export type PasswordSource = { kind: 'none' } | { kind: 'env'; id: string; value: string } | { kind: 'stored'; record: PasswordRecord };

/** How the id of a TIDINGS_APP_PASSWORD begins; ids of older versions began `env:` (an unkeyed digest). */
export const envPasswordIdPrefix = 'env-hmac:';

/** Shortest password accepted when one is chosen. */
export const minimumPasswordLength = 8;

const params = { N: 16_384, r: 8, p: 1 } as const;
const keyLength = 32;

/** The password file of a data directory. */
export function passwordFile(dataDir: string): string {
  return path.join(dataDir, 'app-password.json');
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Hashes a password with a fresh random salt. */
export async function hashPassword(password: string): Promise<PasswordRecord> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, params);
  return {
    id: randomUUID(), algorithm: 'scrypt', ...params, salt: salt.toString('base64'), hash: hash.toString('base64'),
    set_at: new Date().toISOString(),
  };
}

/** Whether a password matches a stored record, compared in constant time. */
export async function verifyPassword(password: string, record: PasswordRecord): Promise<boolean> {
  const expected = Buffer.from(record.hash, 'base64');
  const actual = await derive(password, Buffer.from(record.salt, 'base64'), { N: record.N, r: record.r, p: record.p });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whether a password matches the one from the environment, compared in constant time. */
export function matchesEnvPassword(password: string, envPassword: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value.normalize('NFC')).digest();
  return timingSafeEqual(digest(password), digest(envPassword));
}

/** Writes a new password (replacing any) atomically, readable by the owner only. */
export async function writePassword(dataDir: string, password: string): Promise<PasswordRecord> {
  const record = await hashPassword(password);
  const file = passwordFile(dataDir);
  privateDirectory(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
  return record;
}

let cached: { file: string; mtimeMs: number; record: PasswordRecord } | null = null;

/** The stored password record of a data directory, or null; re-read only when the file changes. */
export function readPasswordRecord(dataDir: string): PasswordRecord | null {
  const file = passwordFile(dataDir);
  if (!existsSync(file)) return null;
  const { mtimeMs } = statSync(file);
  if (cached && cached.file === file && cached.mtimeMs === mtimeMs) return cached.record;
  const record = JSON.parse(readFileSync(file, 'utf8')) as PasswordRecord;
  cached = { file, mtimeMs, record };
  return record;
}

/** The password in force: TIDINGS_APP_PASSWORD, else the data directory's file, else none. */
export function passwordSource(dataDir: string, envPassword = process.env.TIDINGS_APP_PASSWORD): PasswordSource {
  if (envPassword) {
    // The id names this password so that sessions end when it changes; keyed, so the stored id
    // cannot be checked against guesses without the installation's key (a plain digest could).
    const id = `${envPasswordIdPrefix}${keyedDigest(dataDir, `tidings-app-password:${envPassword.normalize('NFC')}`).slice(0, 32)}`;
    return { kind: 'env', id, value: envPassword };
  }
  return storedPasswordSource(readPasswordRecord(dataDir));
}

/** A stored password record (the data directory's file or PostgreSQL's), or none, as the password in force. */
export function storedPasswordSource(record: PasswordRecord | null): PasswordSource {
  return record ? { kind: 'stored', record } : { kind: 'none' };
}

/** The id of the password in force, or null when there is none. */
export function passwordId(source: PasswordSource): string | null {
  return source.kind === 'env' ? source.id : source.kind === 'stored' ? source.record.id : null;
}

/** Checks a password against the one in force; false when none is set. */
export async function checkPassword(source: PasswordSource, password: string): Promise<boolean> {
  if (source.kind === 'env') return matchesEnvPassword(password, source.value);
  if (source.kind === 'stored') return verifyPassword(password, source.record);
  return false;
}

/** A random password that is easy to type: four groups of five letters and digits. */
export function randomPassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(20);
  const characters = [...bytes].map((byte) => alphabet[byte % alphabet.length]);
  return [0, 5, 10, 15].map((start) => characters.slice(start, start + 5).join('')).join('-');
}
