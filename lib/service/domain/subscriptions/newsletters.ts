import { randomBytes } from 'node:crypto';
import type { User } from '../accounts';
import { createFeed } from '../feeds/create-feed';
import { subscribeUserToFeed } from '../feeds/subscribe-user';
import type { Db } from '../../store/database';
import { requireFeedRoom } from './feed-limit';

function slug(title: string): string {
  return title.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 24) || 'newsletter';
}

/** POST /v1/subscriptions/newsletters: a newsletter source with its own unguessable address. */
export function createNewsletter(db: Db, user: User, title: string, mailDomain: string): { id: string; newsletter_address: string; title: string } {
  return db.transaction(() => {
    requireFeedRoom(db, user);
    const address = `${slug(title)}.${randomBytes(5).toString('hex')}@${mailDomain}`;
    const feedId = createFeed(db, { url: null, source_type: 'newsletter', title, newsletter_address: address });
    const id = subscribeUserToFeed(db, user, feedId);
    return { id, newsletter_address: address, title };
  })();
}
