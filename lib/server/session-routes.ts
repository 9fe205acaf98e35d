import 'server-only';
import { clientAddress } from './client-address';
import { bodyTooLargeMessage, formBodyLimit, readBoundedBody, refuseBodyOver } from '@/lib/service/http/bounded-body';
import { isSameOrigin } from './origin';
import { hasControlCharacters, safeNext } from './safe-next';
import { endSession, startSession } from './session';
import { checkApiKey, choosePasswordProblem, passwordIsRight, signInOptions, storeFirstPassword } from './sign-in';
import { recordFailedSignIn, recordSignIn, signInWait } from './sign-in-limit';
import type { Caller } from './upstream';

/*
 * POST /api/session signs in, DELETE (or POST /api/session/sign-out) signs out.
 * A plain form post gets redirects (303), so sign-in works without JavaScript;
 * a request that accepts JSON gets statuses and JSON bodies instead.
 */

/** Why a sign-in failed, as the code the sign-in page turns into a sentence. */
export type SignInProblem = 'wrong' | 'too_many' | 'too_short' | 'mismatch' | 'forbidden' | 'unavailable' | 'not_offered' | 'cross_site' | 'bad_next' | 'too_large';

const problems: Record<SignInProblem, { status: number; message: string }> = {
  // One sentence for every wrong credential, so an answer tells nothing about which part was wrong.
  wrong: { status: 401, message: 'That did not work. Check what you typed and try again.' },
  too_many: { status: 429, message: 'Too many failed attempts. Wait a little, then try again.' },
  too_short: { status: 422, message: 'Choose a password of at least 8 characters.' },
  mismatch: { status: 422, message: 'The two passwords differ. Type the same password twice.' },
  forbidden: { status: 403, message: 'The feed service refused this account: it is banned or locked.' },
  unavailable: { status: 503, message: 'The feed service cannot be reached just now. Try again shortly.' },
  not_offered: { status: 400, message: 'This way of signing in is not available here.' },
  cross_site: { status: 403, message: 'Sign-in must come from this site’s own page.' },
  bad_next: { status: 400, message: 'The page to open after signing in is not a path of this site.' },
  too_large: { status: 413, message: bodyTooLargeMessage(formBodyLimit) },
};

/** The sentence the sign-in page shows for a problem code, or null for an unknown code. */
export function signInProblemMessage(code: string | undefined): string | null {
  return code && Object.hasOwn(problems, code) ? problems[code as SignInProblem].message : null;
}

export { safeNext };

function wantsJson(request: Request): boolean {
  return (request.headers.get('accept') ?? '').includes('application/json');
}

/** The string fields of a form or JSON body, or null when the body passes the form limit (it is not read further). */
async function readFields(request: Request): Promise<Record<string, string> | null> {
  const type = request.headers.get('content-type') ?? '';
  const body = await readBoundedBody(request, formBodyLimit);
  if (body === null) return null;
  try {
    if (type.includes('application/json')) {
      const parsed = JSON.parse(new TextDecoder().decode(body)) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(parsed ?? {}).filter(([, value]) => typeof value === 'string')) as Record<string, string>;
    }
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
    return Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string')) as Record<string, string>;
  } catch {
    return {};
  }
}

function failed(request: Request, problem: SignInProblem, next: string, retryAfter?: number): Response {
  const headers = new Headers({ 'cache-control': 'no-store' });
  if (retryAfter) headers.set('retry-after', String(retryAfter));
  if (wantsJson(request)) {
    const { status, message } = problems[problem];
    return Response.json({ message, error: problem }, { status, headers });
  }
  headers.set('location', `/sign-in?${new URLSearchParams({ error: problem, next })}`);
  return new Response(null, { status: 303, headers });
}

async function signedIn(request: Request, caller: Caller, next: string, address: string): Promise<Response> {
  await recordSignIn(address);
  const headers = new Headers({ 'cache-control': 'no-store', 'set-cookie': await startSession(request, caller) });
  if (wantsJson(request)) return Response.json({ next }, { headers });
  headers.set('location', next);
  return new Response(null, { status: 303, headers });
}

/** POST /api/session: checks a password, a first password or a person's API key and starts a session. */
export async function handleSignIn(request: Request): Promise<Response> {
  const fields = await readFields(request);
  if (!fields) return failed(request, 'too_large', '/inbox');
  // Our own form never sends one; answered plainly, since a redirect would carry it back.
  if (typeof fields.next === 'string' && hasControlCharacters(fields.next)) {
    const { status, message } = problems.bad_next;
    return Response.json({ message, error: 'bad_next' }, { status, headers: { 'cache-control': 'no-store' } });
  }
  const next = safeNext(fields.next);
  if (!isSameOrigin(request)) return failed(request, 'cross_site', next);
  const address = clientAddress(request.headers);
  const wait = await signInWait(address);
  if (wait > 0) return failed(request, 'too_many', next, wait);

  const options = await signInOptions(request.headers);
  if (fields.api_key !== undefined) {
    if (!options.apiKey) return failed(request, 'not_offered', next);
    const apiKey = fields.api_key.trim();
    const verdict = await checkApiKey(apiKey);
    if (verdict === 'accepted') return signedIn(request, { kind: 'person', apiKey }, next, address);
    if (verdict === 'refused') await recordFailedSignIn(address);
    return failed(request, verdict === 'refused' ? 'wrong' : verdict, next);
  }
  if (fields.new_password !== undefined) {
    if (!options.choosePassword) return failed(request, 'not_offered', next);
    const problem = choosePasswordProblem(fields.new_password, fields.repeat_password ?? '');
    if (problem) return failed(request, problem, next);
    if (!(await storeFirstPassword(fields.new_password))) return failed(request, 'not_offered', next);
    return signedIn(request, { kind: 'installation' }, next, address);
  }
  if (options.password && (await passwordIsRight(fields.password ?? ''))) return signedIn(request, { kind: 'installation' }, next, address);
  await recordFailedSignIn(address);
  return failed(request, 'wrong', next);
}

/**
 * Signs out: ends the session and clears the cookie. The plain form's answer also asks the
 * browser to drop the app's caches and storage (offline copies of a person's items must not
 * outlive it); the page's own request does not, because the page clears them itself
 * (lib/client/session) and Chromium can hold a fetch whose answer carries Clear-Site-Data
 * for good while other requests of the page are under way.
 */
export async function handleSignOut(request: Request): Promise<Response> {
  const tooLarge = await refuseBodyOver(request, formBodyLimit);
  if (tooLarge) return tooLarge;
  if (!isSameOrigin(request)) return failed(request, 'cross_site', '/inbox');
  const headers = new Headers({ 'cache-control': 'no-store', 'set-cookie': await endSession(request) });
  if (wantsJson(request)) return Response.json({ message: 'You are signed out.' }, { headers });
  headers.set('clear-site-data', '"cache", "storage"');
  headers.set('location', '/sign-in?signed_out=1');
  return new Response(null, { status: 303, headers });
}
