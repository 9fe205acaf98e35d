import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { findSession } from '@/lib/server/session';
import { safeNext, signInProblemMessage } from '@/lib/server/session-routes';
import { signInOptions } from '@/lib/server/sign-in';
import { LogInIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const field = 'mt-1 block min-h-11 w-full rounded-md border border-line-strong bg-canvas px-3 text-ink';
const button = 'mt-4 inline-flex min-h-11 items-center gap-2 rounded-md bg-accent px-4 font-medium text-on-accent';

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

// Plain forms posting to /api/session: signing in works before any script has loaded.
function SignInForm({ next, label, children }: { next: string; label: string; children: ReactNode }) {
  return (
    <form method="post" action="/api/session" className="mt-4">
      <input type="hidden" name="next" value={next} />
      {children}
      <button type="submit" className={button}>
        <ButtonIcon icon={LogInIcon} />
        {label}
      </button>
    </form>
  );
}

/** The sign-in page: password, first password (on this machine) or, against a hosted service, an API key. */
export default async function SignInPage({ searchParams }: Props) {
  const params = await searchParams;
  const next = safeNext(first(params.next));
  const requestHeaders = await headers();
  if (await findSession(requestHeaders.get('cookie'), false)) redirect(next);

  const options = await signInOptions(requestHeaders);
  const problem = signInProblemMessage(first(params.error));
  const signedOut = first(params.signed_out) === '1';

  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-2xl font-bold">Sign in to Tidings</h1>
      {signedOut && !problem && (
        <p role="status" className="mt-3 text-muted">
          You are signed out. Offline copies were removed from this device.
        </p>
      )}
      {problem && (
        <p role="alert" className="mt-3 rounded-md border border-line-strong bg-surface p-3 text-danger">
          {problem}
        </p>
      )}

      {options.password && (
        <section aria-labelledby="password-heading" className="mt-6">
          <h2 id="password-heading" className="text-lg font-semibold">
            {options.apiKey ? 'With the password of this server' : 'With your password'}
          </h2>
          <SignInForm next={next} label="Sign in">
            <label htmlFor="password" className="block font-medium">
              Password
            </label>
            <input id="password" name="password" type="password" autoComplete="current-password" required className={field} />
          </SignInForm>
        </section>
      )}

      {options.choosePassword && (
        <section aria-labelledby="choose-heading" className="mt-6">
          <h2 id="choose-heading" className="text-lg font-semibold">
            Choose a password
          </h2>
          <p className="mt-1 text-muted">
            No password guards Tidings yet. Choose one now; you will use it to sign in on your other devices.
          </p>
          <SignInForm next={next} label="Save password and sign in">
            {/* Password managers pair a new password with the name it belongs to. */}
            <input type="text" name="username" value="Tidings" autoComplete="username" readOnly hidden />
            <label htmlFor="new-password" className="block font-medium">
              New password (at least 8 characters)
            </label>
            <input id="new-password" name="new_password" type="password" autoComplete="new-password" minLength={8} required className={field} />
            <label htmlFor="repeat-password" className="mt-3 block font-medium">
              The same password again
            </label>
            <input id="repeat-password" name="repeat_password" type="password" autoComplete="new-password" minLength={8} required className={field} />
          </SignInForm>
        </section>
      )}

      {options.passwordMissing && (
        <section aria-labelledby="missing-heading" className="mt-6">
          <h2 id="missing-heading" className="text-lg font-semibold">
            No password yet
          </h2>
          <p className="mt-1">
            Tidings has no password yet. On the computer that runs it, open <code>http://localhost</code> in a browser to
            choose one, or run <code>npm run -s tidings -- password reset</code> there and use the password it prints.
          </p>
        </section>
      )}

      {options.apiKey && (
        <section aria-labelledby="key-heading" className="mt-6">
          <h2 id="key-heading" className="text-lg font-semibold">
            With your API key
          </h2>
          <p className="mt-1 text-muted">The key stays on this server; your browser keeps only a sign-in cookie.</p>
          <SignInForm next={next} label="Sign in with API key">
            <label htmlFor="api-key" className="block font-medium">
              API key
            </label>
            <input id="api-key" name="api_key" type="password" autoComplete="off" spellCheck={false} required className={field} />
          </SignInForm>
        </section>
      )}
    </div>
  );
}
