import type { User } from '../accounts';
import { plans } from '../plans';
import type { Store } from '../../store/store';
import { planLimit } from '../errors';

/** The refusal of a subscription beyond the plan's number of feeds. */
export function feedLimitReached(user: User) {
  return planLimit(`The ${user.plan} plan allows ${plans[user.plan].feeds} subscriptions; unsubscribe from some or change plan to add more.`);
}

/** Answers 402 when the user already has as many subscriptions as the plan allows. */
export async function requireFeedRoom(store: Store, user: User): Promise<void> {
  const limit = plans[user.plan].feeds;
  if (limit === null) return;
  if ((await store.subscriptions.count(user.id)) >= limit) throw feedLimitReached(user);
}
