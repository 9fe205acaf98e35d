'use client';

import { SourceIcon } from '@/components/sources/source-icon';
import Link from '@/components/shell/intent-link';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ErrorNotice } from '@/components/error-notice';
import { SessionEndedNotice } from '@/components/session/sign-in-again';
import { useCapabilities } from '@/lib/client/capabilities';
import { errorSentence } from '@/lib/client/error-message';
import { leaveNote } from '@/lib/client/next-page-note';
import { useReadFailure } from '@/lib/client/kept-on-failure';
import { fullDate } from '@/lib/client/relative-date';
import { sourceTypes } from '@/lib/client/subscriptions-view';
import { useSubscription } from '@/lib/client/use-subscription';
import { useUnsubscribe } from '@/lib/client/use-subscription-actions';
import { buttonClass, dangerButtonClass, labelClass, panelClass } from '../control-styles';
import { CopyButton } from '../copy-button';
import { FeedHealth } from './feed-health';
import { FullArticleRules } from './full-article-rules';
import { SubscriptionItems } from './subscription-items';
import { SubscriptionSettingsForm } from './subscription-settings-form';
import { SubscriptionStatus } from './subscription-status';
import { ConfirmGroup } from '../confirm-group';
import { CopyableText } from '@/components/copyable-text';
import { Trash2Icon, XIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-medium">{term}</dt>
      <dd className="min-w-0 break-words text-muted">{children}</dd>
    </div>
  );
}

function Unsubscribe({ id, title }: { id: string; title: string }) {
  const unsubscribe = useUnsubscribe();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState('');
  const cancel = useRef<HTMLButtonElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  // Into the question, Cancel takes focus; out of it, the Unsubscribe button it replaced does.
  useEffect(() => {
    if (confirming) cancel.current?.focus();
    else if (asked.current) ask.current?.focus();
    asked.current = confirming;
  }, [confirming]);

  async function confirm() {
    try {
      // This page is gone with the subscription: the list it returns to says what happened.
      leaveNote('/subscriptions', await unsubscribe([id]));
      router.push('/subscriptions');
    } catch (error) {
      setStatus(errorSentence(error));
      setConfirming(false);
    }
  }

  return (
    <div>
      {confirming ? (
        <ConfirmGroup onCancel={() => setConfirming(false)} aria-label="Confirm unsubscribing" className="flex flex-wrap items-center gap-2">
          <p className="w-full">Unsubscribe from {title}? Its items leave your inbox; saved items stay saved.</p>
          <button type="button" className={dangerButtonClass} onClick={() => void confirm()}><ButtonIcon icon={Trash2Icon} />Yes, unsubscribe</button>
          <button ref={cancel} type="button" className={buttonClass} onClick={() => setConfirming(false)}><ButtonIcon icon={XIcon} />Cancel</button>
        </ConfirmGroup>
      ) : (
        <button ref={ask} type="button" className={dangerButtonClass} onClick={() => setConfirming(true)}><ButtonIcon icon={Trash2Icon} />Unsubscribe</button>
      )}
      <p role="status" className="mt-2 min-h-6 text-sm">{status}</p>
    </div>
  );
}

/** One subscription: what it is and how it is doing, its settings, its newest items, and the way out. */
export function SubscriptionDetails({ id }: { id: string }) {
  const { data: subscription, error, isLoading, mutate } = useSubscription(id);
  const { firstParty } = useCapabilities();
  const addressId = useId();
  const address = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (subscription) document.title = `${subscription.title} · Tidings`;
  }, [subscription]);

  // A 44 px tall target: it is the way back on a phone, at the top corner under a thumb.
  const back = <p><Link href="/subscriptions" className="-ml-1 inline-flex min-h-11 items-center px-1 text-sm">← All subscriptions</Link></p>;
  const failure = useReadFailure(Boolean(subscription), error);
  if (failure.instead) {
    return (
      <div className="space-y-4">
        {back}
        <h1 className="text-2xl font-bold">Subscription</h1>
        <ErrorNotice error={failure.instead} onRetry={() => void mutate()} context="This subscription could not be loaded" />
      </div>
    );
  }
  if (isLoading || !subscription) {
    return <div className="space-y-4">{back}<p role="status" className="text-muted">Loading the subscription…</p></div>;
  }

  const kind = sourceTypes.find((entry) => entry.type === subscription.source_type)?.label ?? 'Feed';
  return (
    <div className="space-y-6">
      {back}
      {failure.signedOut && <SessionEndedNotice />}
      <header>
        <div className="flex items-center gap-3">
          {/* The heading names the source already; its icon is for the eye. */}
          <span aria-hidden className="flex shrink-0"><SourceIcon feedId={id} name={subscription.title} className="size-8" /></span>
          <h1 className="min-w-0 break-words text-2xl font-bold">{subscription.title}</h1>
        </div>
        <dl className="mt-2 space-y-1 text-sm">
          <Fact term="Kind">{kind}{subscription.artist ? ` by ${subscription.artist}` : ''}{subscription.is_active ? '' : ' (paused)'}</Fact>
          <Fact term="Health"><SubscriptionStatus status={subscription.status} long /></Fact>
          <Fact term="Unread">{subscription.unread_count}</Fact>
          {subscription.last_update && <Fact term="Last update"><time dateTime={subscription.last_update}>{fullDate(subscription.last_update)}</time></Fact>}
          {subscription.folder_name && <Fact term="Folder">{subscription.folder_name}</Fact>}
          {subscription.episode_count !== null && subscription.source_type === 'podcast' && <Fact term="Episodes">{subscription.episode_count}</Fact>}
          {subscription.language && <Fact term="Language">{subscription.language}</Fact>}
          {subscription.website && <Fact term="Website"><a href={subscription.website} rel="noopener noreferrer" target="_blank" className="break-all">{subscription.website}</a></Fact>}
          {subscription.canonical_url && <Fact term="Feed address"><span className="break-all font-mono">{subscription.canonical_url}</span></Fact>}
          {subscription.history_capped && <Fact term="History">Your plan shows only its items from the last 90 days before you subscribed.</Fact>}
        </dl>
        {firstParty && subscription.source_type !== 'newsletter' && <FeedHealth id={id} />}
        {(subscription.description || subscription.podcast_summary) && (
          <p className="mt-3 max-w-prose">{subscription.description || subscription.podcast_summary}</p>
        )}
      </header>

      {subscription.newsletter_address && (
        <section aria-labelledby="address-heading" className={panelClass}>
          <h2 id="address-heading" className="text-xl font-semibold">Newsletter address</h2>
          <label htmlFor={addressId} className={`${labelClass} mt-2`}>Sign up to newsletters with this address</label>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <CopyableText ref={address} id={addressId} value={subscription.newsletter_address} />
            <CopyButton text={subscription.newsletter_address} label="Copy the newsletter address" fallbackField={() => address.current} />
          </div>
        </section>
      )}

      <section aria-labelledby="settings-heading" className={panelClass}>
        <h2 id="settings-heading" className="mb-3 text-xl font-semibold">Settings</h2>
        <SubscriptionSettingsForm id={id} subscription={subscription} withFolders={firstParty} onSaved={() => mutate()} />
      </section>

      {firstParty && subscription.source_type !== 'newsletter' && (
        <section aria-labelledby="full-article-heading" className={panelClass}>
          <h2 id="full-article-heading" className="mb-3 text-xl font-semibold">Full article</h2>
          <FullArticleRules id={id} />
        </section>
      )}

      <section aria-labelledby="items-heading">
        <h2 id="items-heading" className="mb-2 text-xl font-semibold">Newest items</h2>
        <SubscriptionItems id={id} />
      </section>

      <section aria-labelledby="unsubscribe-heading" className={panelClass}>
        <h2 id="unsubscribe-heading" className="mb-3 text-xl font-semibold">Unsubscribe</h2>
        <Unsubscribe id={id} title={subscription.title} />
      </section>
    </div>
  );
}
