import type { User } from '../accounts';
import { plans } from '../plans';
import type { Db } from '../../store/database';
import { planLimit } from '../errors';

/** Answers 402 when the user already has as many subscriptions as the plan allows. */
export function requireFeedRoom(db: Db, user: User): void {
  const limit = plans[user.plan].feeds;
  if (limit === null) return;
  const count = db.prepare('SELECT COUNT(*) FROM subscriptions WHERE user_id = ?').pluck().get(user.id) as number;
  if (count >= limit) throw planLimit(`The ${user.plan} plan allows ${limit} subscriptions; unsubscribe from some or change plan to add more.`);
}
