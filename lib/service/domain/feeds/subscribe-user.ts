import type { Plan } from '@/lib/contract/common';
import type { User } from '../accounts';
import { plans } from '../plans';
import type { HistoryCap, SubscribeRules } from '../../store/subscriptions';

/** Days of history the free plan lists from before a subscription was made (DESIGN.md: history_capped). */
export const freeHistoryDays = 90;

/** The days of history before a subscription that a plan lists (null: all): a new subscription gets no entries older. */
export function historyCapOf(plan: Plan): HistoryCap {
  return plan === 'free' ? freeHistoryDays : null;
}

/** What the user's plan allows a new subscription (its number of feeds, its history), into the folder, now. */
export function subscribeRules(user: User, folderId: string | null, now = new Date()): SubscribeRules {
  return { folderId, feedLimit: plans[user.plan].feeds, historyCap: historyCapOf(user.plan), now };
}
