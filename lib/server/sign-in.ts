import 'server-only';
import { checkPassword, minimumPasswordLength, passwordSource, writePassword } from '@/lib/service/domain/app-password';
import { appDataDir } from './session';
import { hasInstallationCredential, sendUpstream, upstreamMode, type UpstreamMode } from './upstream';

/** Which ways to sign in this installation offers to this visitor. */
export type SignInOptions = {
  mode: UpstreamMode;
  /** A password is in force and there is an installation credential to use with it. */
  password: boolean;
  /** No password yet and the visitor is on this machine: they may choose one. */
  choosePassword: boolean;
  /** No password yet and the visitor is elsewhere: they are told how to set one. */
  passwordMissing: boolean;
  /** Hosted service: a person may sign in with their own API key. */
  apiKey: boolean;
};

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const loopbackAddresses = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Whether a request comes from the machine Tidings runs on: addressed to a loopback
 * name, and from a loopback address (Next records the socket's address in
 * X-Forwarded-For when no proxy in front set one).
 */
export function isLocalRequest(headers: Headers): boolean {
  const host = headers.get('host') ?? '';
  const hostname = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  if (!loopbackHosts.has(hostname.toLowerCase())) return false;
  const hops = headers.get('x-forwarded-for')?.split(',').map((hop) => hop.trim()).filter(Boolean) ?? [];
  return hops.every((hop) => loopbackAddresses.test(hop));
}

/** The ways to sign in offered to a visitor with these request headers. */
export function signInOptions(headers: Headers): SignInOptions {
  const mode = upstreamMode();
  const installation = hasInstallationCredential();
  const hasPassword = passwordSource(appDataDir()).kind !== 'none';
  return {
    mode,
    password: installation && hasPassword,
    choosePassword: installation && !hasPassword && isLocalRequest(headers),
    passwordMissing: installation && !hasPassword && !isLocalRequest(headers),
    apiKey: mode === 'remote',
  };
}

/** Whether this password is the installation's. */
export function passwordIsRight(password: string): Promise<boolean> {
  return checkPassword(passwordSource(appDataDir()), password);
}

/** Why a chosen password cannot be used, or null when it can. */
export function choosePasswordProblem(password: string, repeated: string): 'too_short' | 'mismatch' | null {
  if (password.length < minimumPasswordLength) return 'too_short';
  if (password !== repeated) return 'mismatch';
  return null;
}

/** Stores the first password of the installation, unless one appeared meanwhile (false then). */
export async function storeFirstPassword(password: string): Promise<boolean> {
  if (passwordSource(appDataDir()).kind !== 'none') return false;
  await writePassword(appDataDir(), password);
  return true;
}

/** What the hosted service said of a person's API key. */
export type KeyVerdict = 'accepted' | 'refused' | 'forbidden' | 'unavailable';

/** Asks the hosted service whether an API key works, with a cheap read every key may make. */
export async function checkApiKey(apiKey: string): Promise<KeyVerdict> {
  if (!/^[\x21-\x7e]{8,512}$/.test(apiKey)) return 'refused';
  const response = await sendUpstream(
    { method: 'GET', pathAndQuery: '/v1/subscriptions/check', body: null, contentType: null },
    { kind: 'person', apiKey },
  );
  if (response.ok) return 'accepted';
  if (response.status === 401) return 'refused';
  if (response.status === 403) return 'forbidden';
  return 'unavailable';
}
