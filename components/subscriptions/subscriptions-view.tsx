'use client';

import dynamic from 'next/dynamic';
import { useSearchParams } from 'next/navigation';
import { useMemo } from 'react';
import { useCapabilities } from '@/lib/client/capabilities';
import { readSubscriptionsNameFilter, readSubscriptionsSelection, subscriptionsHref } from '@/lib/client/subscriptions-view';
import { panelClass } from '../control-styles';
import { NewsletterForm } from './newsletter-form';
import { SubscribeForm } from './subscribe-form';
import { SubscriptionsList } from './subscriptions-list';

// First-party tools (local mode only) load on demand, so a hosted-service session never downloads them.
const loading = () => <p role="status" className="text-muted">Loading…</p>;
const FoldersManager = dynamic(() => import('./folders-manager').then((module) => module.FoldersManager), { loading });
const OpmlTools = dynamic(() => import('./opml-tools').then((module) => module.OpmlTools), { loading });

/** The subscriptions page's client island: add, list with bulk actions, and (local mode) folders and OPML. */
export function SubscriptionsView() {
  const params = useSearchParams();
  const { folder, sort, type } = readSubscriptionsSelection(params);
  const selection = useMemo(() => ({ folder, sort, type }), [folder, sort, type]);
  const { firstParty } = useCapabilities();
  const shared = params.get('subscribe') ?? '';

  return (
    <div className="mt-4 space-y-8">
      <section aria-labelledby="add-heading" className={panelClass}>
        <h2 id="add-heading" className="text-xl font-semibold">Add a subscription</h2>
        <div className="mt-3 grid gap-6 md:grid-cols-2">
          <div>
            <h3 className="mb-2 font-semibold">From an address</h3>
            {/* A new shared link starts a fresh form (the share target lands here with ?subscribe=). */}
            <SubscribeForm key={shared} initialUrl={shared} withFolders={firstParty} />
          </div>
          <div>
            <h3 className="mb-2 font-semibold">A newsletter address</h3>
            <p className="mb-3 text-sm text-muted">Get an email address of your own to sign up with; what is sent to it arrives here.</p>
            <NewsletterForm />
          </div>
        </div>
      </section>

      {/* A fresh list per folder, order and kind; the name filter only narrows it, so it is no part of the key. */}
      <SubscriptionsList
        key={subscriptionsHref(selection)}
        selection={selection}
        withFolders={firstParty}
        initialNameFilter={readSubscriptionsNameFilter(params)}
      />

      {firstParty && (
        <div className="grid gap-6 md:grid-cols-2">
          <section aria-labelledby="folders-heading" className={panelClass}>
            <h2 id="folders-heading" className="mb-3 text-xl font-semibold">Folders</h2>
            <FoldersManager />
          </section>
          <section aria-labelledby="opml-heading" className={panelClass}>
            <h2 id="opml-heading" className="text-xl font-semibold">Import and export</h2>
            <p className="mb-3 mt-1 text-sm text-muted">Move your subscriptions between readers with an OPML file.</p>
            <OpmlTools />
          </section>
        </div>
      )}
    </div>
  );
}
