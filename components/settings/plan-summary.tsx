'use client';

import { ErrorNotice } from '@/components/error-notice';
import { SessionEndedNotice } from '@/components/session/sign-in-again';
import { useReadFailure } from '@/lib/client/kept-on-failure';
import { useAccount, type Account } from '@/lib/client/use-account';
import { CheckIcon, MinusIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

const planNames: Record<Account['plan'], string> = { free: 'Free', pro: 'Pro', plus: 'Plus' };

const featureNames: Record<keyof Account['features'], string> = {
  notes: 'Notes on articles',
  full_content: 'Full article content',
  similar_items: 'Similar items',
  stories: 'Stories',
  read_later: 'Sending to read-later services',
  include_global: 'Searching beyond your subscriptions',
};

function limit(value: number | null, noun: string): string {
  return value === null ? `Unlimited ${noun}` : `Up to ${value.toLocaleString('en-US')} ${noun}`;
}

/** The account's plan: its limits and which features it includes (GET /v1/account). */
export function PlanSummary() {
  const { data: account, error, isLoading, mutate } = useAccount();
  const failure = useReadFailure(Boolean(account), error);
  if (failure.instead) return <ErrorNotice error={failure.instead} onRetry={() => void mutate()} context="Your plan could not be loaded" />;
  if (isLoading || !account) return <p role="status" className="text-muted">Loading your plan…</p>;
  return (
    <div className="space-y-3">
      {failure.signedOut && <SessionEndedNotice />}
      <p>
        <span className="text-lg font-semibold">{planNames[account.plan]} plan</span>
        <span className="block text-sm text-muted">Signed in as {account.email}</span>
      </p>
      <ul aria-label="Plan limits" className="list-disc pl-5">
        <li>{limit(account.limits.feeds, 'subscriptions')}</li>
        <li>{limit(account.limits.saved_items, 'saved items')}</li>
      </ul>
      <ul aria-label="Plan features" className="space-y-1">
        {(Object.keys(featureNames) as (keyof Account['features'])[]).map((feature) => (
          <li key={feature} className="flex gap-2">
            <ButtonIcon icon={account.features[feature] ? CheckIcon : MinusIcon} className={`mt-1 ${account.features[feature] ? 'text-success' : 'text-muted'}`} />
            <span>{featureNames[feature]}<span className="sr-only">{account.features[feature] ? ': included' : ': not included'}</span></span>
            {!account.features[feature] && <span aria-hidden className="text-sm text-muted">(not included)</span>}
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted">The plan is set on this server with <code>npm run tidings -- user plan</code>.</p>
    </div>
  );
}
