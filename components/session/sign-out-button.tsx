'use client';

import { useState, type FormEvent } from 'react';
import { signOut } from '@/lib/client/session';
import { LogOutIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

const problems = {
  unsent: 'You are still signed in: changes made offline have not reached the service yet.',
  unreachable: 'Tidings cannot be reached, so you are still signed in. Try again when you are online.',
} as const;

/**
 * Signs out. A plain form posting to /api/session/sign-out works before scripts load; with
 * scripts it first pushes offline changes and clears offline copies (lib/client/session).
 */
export function SignOutButton() {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    let result = await signOut();
    if (result.status === 'unsent' && window.confirm('Some changes made offline have not been sent yet. Sign out anyway and lose them?')) {
      result = await signOut({ discardUnsent: true });
    }
    if (result.status !== 'signed-out') {
      setProblem(problems[result.status]);
      setBusy(false);
    }
  }

  return (
    <form method="post" action="/api/session/sign-out" onSubmit={onSubmit}>
      <button type="submit" disabled={busy} className="inline-flex min-h-11 items-center gap-2 rounded-md border border-line-strong px-4 font-medium disabled:opacity-60">
        <ButtonIcon icon={LogOutIcon} />
        {busy ? 'Signing out…' : 'Sign out'}
      </button>
      {problem && (
        <p role="alert" className="mt-2 text-danger">
          {problem}
        </p>
      )}
    </form>
  );
}
