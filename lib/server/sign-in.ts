import 'server-only';
import { checkPassword, minimumPasswordLength } from '@/lib/service/domain/app-password';
import { appPasswordSource, storeFirstAppPassword } from './app-password';
import { clientAddress } from './client-address';
import { appDataDir } from './session';
import { isLoopbackAddress } from './trusted-proxies';
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

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether a request comes from the machine Tidings runs on: its client address, which the
 * production server derives from the TCP peer and trusted proxies only, is loopback. Host,
 * Origin and forwarding headers a client sends never make it so; a Host other than a
 * loopback name makes it not, since a page whose name was rebound to 127.0.0.1 sends its own.
 */
export function isLocalRequest(headers: Headers): boolean {
  const host = (headers.get('host') ?? '').toLowerCase();
  const hostname = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  return loopbackHosts.has(hostname) && isLoopbackAddress(clientAddress(headers));
}

/** The ways to sign in offered to a visitor with these request headers. */
export async function signInOptions(headers: Headers): Promise<SignInOptions> {
  const mode = upstreamMode();
  const installation = hasInstallationCredential();
  const hasPassword = (await appPasswordSource(appDataDir())).kind !== 'none';
  const local = isLocalRequest(headers);
  return {
    mode,
    password: installation && hasPassword,
    choosePassword: installation && !hasPassword && local,
    passwordMissing: installation && !hasPassword && !local,
    apiKey: mode === 'remote',
  };
}

/** Whether this password is the installation's. */
export async function passwordIsRight(password: string): Promise<boolean> {
  return checkPassword(await appPasswordSource(appDataDir()), password);
}

/** Why a chosen password cannot be used, or null when it can. */
export function choosePasswordProblem(password: string, repeated: string): 'too_short' | 'mismatch' | null {
  if (password.length < minimumPasswordLength) return 'too_short';
  if (password !== repeated) return 'mismatch';
  return null;
}

/** Stores the first password of the installation, unless one appeared meanwhile (false then). */
export function storeFirstPassword(password: string): Promise<boolean> {
  return storeFirstAppPassword(appDataDir(), password);
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
