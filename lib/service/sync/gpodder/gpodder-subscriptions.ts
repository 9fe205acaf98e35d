/**
 * gpodder subscription uploads: `{ add: [urls], remove: [urls] }` subscribes and unsubscribes in
 * Tidings, through the same domain functions as /v1. The lists are checked before anything
 * changes; a podcast that cannot be fetched is left out and the rest go on.
 */
import type { User } from '../../domain/accounts';
import { unsubscribe } from '../../domain/subscriptions/change-subscriptions';
import { normalizeFeedUrl, subscribe } from '../../domain/subscriptions/subscribe';
import type { ServiceContext } from '../../context';
import { DomainError } from '../../domain/errors';
import { BadUpload } from './gpodder-episodes';

function urls(value: unknown, name: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((url) => typeof url !== 'string' || !normalizeFeedUrl(url))) {
    throw new BadUpload(`${name} must be a list of http or https URLs.`);
  }
  return [...new Set(value as string[])];
}

/** Applies an upload; answers the URLs it rewrote, as gpodder's `update_urls`: [sent, stored] for a podcast stored under another address. */
export async function changeSubscriptions(service: ServiceContext, user: User, body: unknown): Promise<[string, string][]> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new BadUpload('The body must be a JSON object with add and remove lists.');
  const { add: rawAdd, remove: rawRemove } = body as Record<string, unknown>;
  const add = urls(rawAdd, 'add');
  const remove = urls(rawRemove, 'remove');
  if (add.some((url) => remove.includes(url))) throw new BadUpload('A URL cannot be both added and removed.');
  const gone = (await Promise.all(remove.map((url) => service.store.gpodder.subscriptionByUrl(user.id, url)))).flatMap((id) => id ?? []);
  if (gone.length) await unsubscribe(service.store, user, gone);
  const rewritten: [string, string][] = [];
  for (const url of add) {
    if (await service.store.gpodder.subscriptionByUrl(user.id, url)) continue;
    try {
      const { body } = await subscribe(service, user, { url });
      // The podcast may be stored under another address (normalized, redirected, found on a page): the app is told to use it.
      const stored = await service.store.gpodder.feedUrlOf(body.subscription_id);
      if (stored && stored !== url) rewritten.push([url, stored]);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      console.warn(`[tidings gpodder] ${url} was not subscribed: ${error.message}`);
    }
  }
  return rewritten;
}
