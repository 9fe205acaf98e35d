import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { SubscriptionStatus } from './subscriptions';

/**
 * First-party: how a subscription's feed is being fetched. SPEC.md's subscription forms have no
 * room for it, so it has operations of its own rather than extra fields on theirs.
 */
export const SubscriptionHealth = z.object({
  subscription_id: Uuid,
  status: SubscriptionStatus,
  /** The last fetch's failure in one sentence; null once a fetch succeeds. */
  last_error: z.string().nullable(),
  last_tried_at: Timestamp.nullable(),
  /** When the service fetches the feed again on its own; null when it will not (a newsletter, a feed given up on). */
  next_try_at: Timestamp.nullable(),
});
export type SubscriptionHealth = z.infer<typeof SubscriptionHealth>;

/** The health of the user's subscriptions whose feeds are failing or given up on. */
export const SubscriptionHealthList = z.object({ data: z.array(SubscriptionHealth) });
export type SubscriptionHealthList = z.infer<typeof SubscriptionHealthList>;
