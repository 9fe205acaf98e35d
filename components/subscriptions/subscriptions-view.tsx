'use client';

import dynamic from 'next/dynamic';
import { useSearchParams } from 'next/navigation';
import { useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useCapabilities } from '@/lib/client/capabilities';
import {
  readAddRequested, readSubscriptionsNameFilter, readSubscriptionsSelection, subscriptionFiltersFor,
} from '@/lib/client/subscriptions-view';
import { useSubscriptions } from '@/lib/client/use-subscriptions';
import { buttonClass, panelClass } from '../control-styles';
import { NewsletterForm } from './newsletter-form';
import { SubscribeForm } from './subscribe-form';
import { SubscriptionsList } from './subscriptions-list';
import { ChevronRightIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

// First-party tools (local mode only) load on demand, so a hosted-service session never downloads them.
const loading = () => <p role="status" className="text-muted">Loading…</p>;
const FoldersManager = dynamic(() => import('./folders-manager').then((module) => module.FoldersManager), { loading });
const OpmlTools = dynamic(() => import('./opml-tools').then((module) => module.OpmlTools), { loading });

// The list's default selection: in the default view this is the list's own cache entry, so no extra request.
const everything = subscriptionFiltersFor({ folder: 'all', sort: 'name', type: null });

/**
 * The subscriptions page's client island: add, list with bulk actions, and (local mode) folders and OPML.
 * Someone with subscriptions sees the list first and opens adding with one button, on every width:
 * open, the add panel pushed the list below the first screen on a phone and on a 1280 × 800 desktop alike.
 */
export function SubscriptionsView() {
  const params = useSearchParams();
  const { folder, sort, type } = readSubscriptionsSelection(params);
  const selection = useMemo(() => ({ folder, sort, type }), [folder, sort, type]);
  const { firstParty } = useCapabilities();
  const shared = params.get('subscribe') ?? '';
  const { total } = useSubscriptions(everything);
  // Opened to add (a shared link, or a link such as "Subscribe to a podcast"): adding starts open.
  const [addOpen, setAddOpen] = useState(() => readAddRequested(params));
  const empty = total === 0;
  // With no subscription yet adding is the one thing to do; it stays open after the first, under its outcome.
  if (empty && !addOpen) setAddOpen(true);
  const addPanel = useId();
  const addressField = useRef<HTMLInputElement>(null);

  function toggleAdd() {
    if (addOpen) {
      setAddOpen(false);
      return;
    }
    // Rendered at once so focus can go into the form the button opened.
    flushSync(() => setAddOpen(true));
    addressField.current?.focus();
  }

  return (
    <div className="mt-4 space-y-8">
      <div>
        {!empty && (
          <button
            type="button"
            aria-expanded={addOpen}
            aria-controls={addPanel}
            onClick={toggleAdd}
            className={`${buttonClass} mb-3`}
          >
            <ButtonIcon icon={ChevronRightIcon} className={`transition-transform ${addOpen ? 'rotate-90' : ''}`} />
            Add a subscription
          </button>
        )}
        {/* Hidden rather than unmounted, so an address typed before closing is still there on opening. */}
        <section id={addPanel} aria-labelledby="add-heading" hidden={!addOpen} className={panelClass}>
          {/* Under the button that opened it the heading would say the same again; screen readers still find it. */}
          <h2 id="add-heading" className={`text-xl font-semibold ${empty ? '' : 'sr-only'}`}>Add a subscription</h2>
          <div className="mt-3 grid gap-6 md:grid-cols-2">
            <div>
              <h3 className="mb-2 font-semibold">From an address</h3>
              {/* A new shared link starts a fresh form (the share target lands here with ?subscribe=). */}
              <SubscribeForm key={shared} initialUrl={shared} withFolders={firstParty} fieldRef={addressField} />
            </div>
            <div>
              <h3 className="mb-2 font-semibold">A newsletter address</h3>
              <p className="mb-3 text-sm text-muted">Get an email address of your own to sign up with; what is sent to it arrives here.</p>
              <NewsletterForm />
            </div>
          </div>
          {firstParty && (
            <p className="mt-4 text-sm">
              Moving from another reader?{' '}
              {/* 44 px tall like every control here; the import itself sits below the list. */}
              <a href="#opml-heading" className="inline-flex min-h-11 items-center font-medium underline">Import an OPML file</a>
            </p>
          )}
        </section>
      </div>

      <SubscriptionsList
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
