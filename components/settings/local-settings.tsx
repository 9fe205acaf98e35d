'use client';

import dynamic from 'next/dynamic';
import { useEffect } from 'react';
import { useCapabilities } from '@/lib/client/capabilities';
import { panelClass } from '../control-styles';

// Only local mode uses these; they load on demand so the settings page starts small.
const loading = () => <p role="status" className="text-muted">Loading…</p>;
const PlanSummary = dynamic(() => import('./plan-summary').then((module) => module.PlanSummary), { loading });
const ApiKeys = dynamic(() => import('./api-keys').then((module) => module.ApiKeys), { loading });
const OtherApps = dynamic(() => import('./other-apps').then((module) => module.OtherApps), { loading });
const ReadLaterLinks = dynamic(() => import('./read-later-links').then((module) => module.ReadLaterLinks), { loading });

/**
 * The settings that need the embedded service's first-party operations: plan, API keys, sync
 * with other apps and read-later links. Against a hosted service they are that service's business, and say so.
 */
export function LocalSettings() {
  const { capabilities, firstParty, isLoading, error } = useCapabilities();
  // "See your plan" links here as /settings#plan, but these sections appear only once the
  // capabilities are known, after the browser (and Next) looked for the anchor and found none:
  // on a phone the page stayed at the theme settings, the plan two screens down.
  useEffect(() => {
    if (!firstParty || !window.location.hash) return;
    document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  }, [firstParty]);
  if (isLoading) return <p role="status" className="text-muted">Loading account settings…</p>;
  if (!firstParty) {
    return (
      <section aria-labelledby="account-heading" className={panelClass}>
        <h2 id="account-heading" className="text-xl font-semibold">Account</h2>
        <p className="mt-2 text-muted">
          {capabilities?.mode === 'remote' || !error
            ? 'This app reads from a hosted service with your API key: your plan, API keys and read-later links are managed on that service’s own site.'
            : 'Account settings could not be loaded; reload the page to try again.'}
        </p>
      </section>
    );
  }
  return (
    <>
      <section id="plan" aria-labelledby="plan-heading" className={`${panelClass} scroll-mt-4`}>
        <h2 id="plan-heading" className="mb-3 text-xl font-semibold">Plan</h2>
        <PlanSummary />
      </section>
      <section id="api-keys" aria-labelledby="keys-heading" className={panelClass}>
        <h2 id="keys-heading" className="mb-2 text-xl font-semibold">API keys</h2>
        <ApiKeys />
      </section>
      <section id="other-apps" aria-labelledby="other-apps-heading" className={panelClass}>
        <h2 id="other-apps-heading" className="mb-2 text-xl font-semibold">Use with other apps</h2>
        <OtherApps />
      </section>
      <section id="read-later" aria-labelledby="read-later-heading" className={panelClass}>
        <h2 id="read-later-heading" className="mb-2 text-xl font-semibold">Read-later services</h2>
        <ReadLaterLinks />
      </section>
    </>
  );
}
