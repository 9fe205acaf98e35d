import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { privateDirectory } from './store/private-files';

/*
 * Encryption at rest for secrets the server must keep (a person's API key in
 * their session, read-later credentials): AES-256-GCM under a key derived from TIDINGS_SECRET, or from
 * a random key file created in the data directory with mode 0600.
 */

const version = 'v1';
const keys = new Map<string, Buffer>();

function keyFile(dataDir: string): string {
  return path.join(dataDir, 'app-secret.key');
}

function readOrCreateKeyFile(dataDir: string): Buffer {
  const file = keyFile(dataDir);
  privateDirectory(dataDir);
  if (!existsSync(file)) {
    try {
      // 'wx' fails when another process created it first; then that one is read below.
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, randomBytes(32).toString('base64'));
      closeSync(fd);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}

/** A 32-byte key of this installation for one purpose (HKDF info), from TIDINGS_SECRET or the key file. */
function installationKey(dataDir: string, purpose: string, secret = process.env.TIDINGS_SECRET): Buffer {
  const cacheKey = `${purpose}\n${secret ? `secret:${secret}` : `file:${dataDir}`}`;
  let key = keys.get(cacheKey);
  if (!key) {
    const material = secret ? Buffer.from(secret, 'utf8') : readOrCreateKeyFile(dataDir);
    key = Buffer.from(hkdfSync('sha256', material, 'tidings', purpose, 32));
    keys.set(cacheKey, key);
  }
  return key;
}

const encryptionPurpose = 'secrets at rest v1';

function encryptionKey(dataDir: string): Buffer {
  return installationKey(dataDir, encryptionPurpose);
}

/** HMAC-SHA256 of a value under this installation's key: names a secret without revealing it or letting it be guessed offline. */
export function keyedDigest(dataDir: string, value: string): string {
  return createHmac('sha256', installationKey(dataDir, 'keyed digests v1')).update(value).digest('hex');
}

function sealWith(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [version, iv.toString('base64'), cipher.getAuthTag().toString('base64'), sealed.toString('base64')].join('.');
}

function openWith(key: Buffer, sealed: string, context: string): string | null {
  const [tag, iv, authTag, body] = sealed.split('.');
  if (tag !== version || !iv || !authTag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(authTag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Encrypts a secret; `context` (e.g. the session id) must be given again to open it. */
export function sealSecret(dataDir: string, plain: string, context: string): string {
  return sealWith(encryptionKey(dataDir), plain, context);
}

/** Decrypts what sealSecret made with the same context; null when it was tampered with or the key changed. */
export function openSecret(dataDir: string, sealed: string, context: string): string | null {
  return openWith(encryptionKey(dataDir), sealed, context);
}

/**
 * A sealed value made to open under TIDINGS_SECRET `secret`: as it is when it opens so already, sealed
 * again when it opens under the data directory's key file (never created here), null when under neither.
 */
export function resealUnderSecret(dataDir: string, sealed: string, context: string, secret: string): string | null {
  const target = installationKey(dataDir, encryptionPurpose, secret);
  if (openWith(target, sealed, context) !== null) return sealed;
  if (!existsSync(keyFile(dataDir))) return null;
  const plain = openWith(installationKey(dataDir, encryptionPurpose, ''), sealed, context);
  return plain === null ? null : sealWith(target, plain, context);
}
