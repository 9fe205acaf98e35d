'use client';

import Link from '@/components/shell/intent-link';
import { memo } from 'react';
import type { Subscription } from '@/lib/client/subscription-cache';
import { sourceTypes } from '@/lib/client/subscriptions-view';
import type { SubscriptionHealth } from '@/lib/client/use-feed-health';
import { SourceIcon } from '@/components/sources/source-icon';
import { FeedHealthLine } from './feed-health';
import { SubscriptionStatus } from './subscription-status';

type Props = {
  subscription: Subscription; selected: boolean; onSelect: (id: string, selected: boolean) => void;
  /** What is wrong with a failing feed, when the app may know (first-party). */
  health?: SubscriptionHealth;
};

const badgeClass = 'rounded bg-accent-soft px-1.5 py-0.5 text-xs font-medium text-ink';

/** One subscription: its name (the way to its details), kind, unread count, health, and whether it is paused or pinned. */
export const SubscriptionRow = memo(function SubscriptionRow({ subscription, selected, onSelect, health }: Props) {
  const kind = sourceTypes.find((entry) => entry.type === subscription.source_type)?.label ?? 'Feed';
  return (
    // The name's link stretches over the whole row, so a tap anywhere but the checkbox opens the details.
    <li data-subscription-id={subscription.id} className="relative flex gap-2 border-b border-line px-1 py-3 focus-within:bg-accent-soft sm:px-2">
      <label className="relative z-10 -my-2 flex size-11 shrink-0 cursor-pointer items-center justify-center">
        <input
          type="checkbox"
          checked={selected}
          onChange={(event) => onSelect(subscription.id, event.target.checked)}
          className="size-5 accent-accent"
        />
        <span className="sr-only">{`Select ${subscription.title}`}</span>
      </label>
      {/* The same icon as the source's rows in the inbox (a lettered tile when it has none). */}
      <SourceIcon feedId={subscription.id} name={subscription.title || 'Untitled'} className="mt-0.5 size-5" />
      <div className="min-w-0 flex-1">
        <h3 className="text-base font-semibold leading-snug">
          <Link href={`/subscriptions/${subscription.id}`} className="break-words text-ink no-underline after:absolute after:inset-0 after:content-[''] hover:underline">
            {subscription.title || 'Untitled'}
          </Link>
        </h3>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
          <span>{kind}{subscription.artist ? ` by ${subscription.artist}` : ''}</span>
          <span aria-hidden>·</span>
          <span>{subscription.unread_count} unread</span>
          <span aria-hidden>·</span>
          <SubscriptionStatus status={subscription.status} />
          {!subscription.is_active && <span className={badgeClass}>Paused</span>}
          {subscription.is_pinned && <span className={badgeClass}>Pinned</span>}
          {subscription.history_capped && <span className={badgeClass} title="Your plan shows only its recent history.">Recent history only</span>}
        </p>
        {health && subscription.status !== 'healthy' && <FeedHealthLine id={subscription.id} title={subscription.title} health={health} />}
        {subscription.newsletter_address && (
          // Above the stretched link, as text to take: a click selects the address whole instead of opening the details.
          <p className="relative z-10 mt-1 w-fit select-all break-all font-mono text-sm text-muted">{subscription.newsletter_address}</p>
        )}
      </div>
    </li>
  );
});
