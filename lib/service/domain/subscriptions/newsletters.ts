import { randomBytes } from 'node:crypto';
import type { User } from '../accounts';
import type { Store } from '../../store/store';
import { subscribeRules } from '../feeds/subscribe-user';
import { feedLimitReached } from './feed-limit';

function slug(title: string): string {
  return title.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 24) || 'newsletter';
}

/** POST /v1/subscriptions/newsletters: a newsletter source with its own unguessable address. */
export async function createNewsletter(store: Store, user: User, title: string, mailDomain: string): Promise<{ id: string; newsletter_address: string; title: string }> {
  const address = `${slug(title)}.${randomBytes(5).toString('hex')}@${mailDomain}`;
  const outcome = await store.subscriptions.subscribeToNewFeed(user.id, { url: null, source_type: 'newsletter', title, newsletter_address: address },
    null, subscribeRules(user, null));
  if (outcome === 'feed_limit') throw feedLimitReached(user);
  return { id: outcome.subscription_id, newsletter_address: address, title };
}
