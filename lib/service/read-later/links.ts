import type { LinkReadLaterBody, ReadLaterLink } from '@/lib/contract/read-later';
import type { ReadLaterService } from '@/lib/contract/items';
import type { User } from '../domain/accounts';
import { featureMissingMessage, planHas } from '../domain/plans';
import type { ServiceContext } from '../context';
import { badRequest, invalidFields, notFound, planLimit } from '../domain/errors';
import { openSecret, sealSecret } from '../secret-box';
import { instapaper } from './instapaper';
import { raindrop } from './raindrop';
import { readwise } from './readwise';
import { ReadLaterRefused, type ReadLaterApi, type ReadLaterEndpoint } from './service-api';
import { wallabag } from './wallabag';

/** The four read-later services of DESIGN.md, each through its public API. */
export const readLaterApis: Record<ReadLaterService, ReadLaterApi> = { instapaper, readwise, raindrop, wallabag };

/** The sealing context ties credentials to their user and service, so a row cannot be moved. */
function context(user: User, service: ReadLaterService): string {
  return `read-later:${user.id}:${service}`;
}

/** Where the named service's API lives, and whether a user-given address may be private. */
function endpointOf(service: ServiceContext, name: ReadLaterService): ReadLaterEndpoint {
  return { baseUrl: service.config.readLaterBaseUrls[name], allowPrivateUrls: service.config.allowPrivateUrls };
}

/** Every service with whether (and to which account) the user linked it. */
export async function listLinks(service: ServiceContext, user: User): Promise<ReadLaterLink[]> {
  const rows = await service.store.readLater.links(user.id);
  const byService = new Map(rows.map((row) => [row.service, row]));
  return (Object.keys(readLaterApis) as ReadLaterService[]).map((name) => {
    const row = byService.get(name);
    return { service: name, linked: Boolean(row), account: row?.account ?? null, linked_at: row?.linked_at ?? null };
  });
}

/** Links a service after checking the credentials with it; they are stored sealed. */
export async function linkService(service: ServiceContext, user: User, name: ReadLaterService, credentials: LinkReadLaterBody): Promise<ReadLaterLink> {
  if (!planHas(user.plan, 'read_later')) throw planLimit(featureMissingMessage(user.plan, 'read_later'));
  const api = readLaterApis[name];
  const missing = api.needs.filter((field) => !credentials[field]);
  if (missing.length) throw invalidFields(missing.map((field) => `${field} is required to link ${name}.`));
  let account: string;
  try {
    account = await api.verify(credentials, endpointOf(service, name));
  } catch (error) {
    if (error instanceof ReadLaterRefused) throw badRequest(error.message);
    throw error;
  }
  const linkedAt = new Date().toISOString();
  await service.store.readLater.save(user.id, {
    service: name, account, sealed_credentials: sealSecret(service.config.dataDir, JSON.stringify(credentials), context(user, name)), linked_at: linkedAt,
  });
  return { service: name, linked: true, account, linked_at: linkedAt };
}

/** Forgets a linked service and its credentials. */
export async function unlinkService(service: ServiceContext, user: User, name: ReadLaterService): Promise<void> {
  if (!(await service.store.readLater.unlink(user.id, name))) throw notFound(`${name} is not linked.`);
}

/** POST /v1/items/{id}/readlater: sends one of the user's articles to a linked service. */
export async function sendToReadLater(service: ServiceContext, user: User, itemId: string, name: ReadLaterService): Promise<string> {
  if (!planHas(user.plan, 'read_later')) throw planLimit(featureMissingMessage(user.plan, 'read_later'));
  const item = await service.store.readLater.item(user.id, itemId);
  if (!item) throw notFound(`No item with id ${itemId} exists for this account.`);
  const link = await service.store.readLater.link(user.id, name);
  if (!link) throw badRequest(`${name} is not linked; link it in Settings first.`);
  if (item.item_type !== 'article') throw badRequest(`${name} takes articles only; this item is an episode.`);
  if (!item.url) throw badRequest('This article has no web address to send.');
  const opened = openSecret(service.config.dataDir, link.sealed_credentials, context(user, name));
  if (!opened) throw badRequest(`The ${name} credentials can no longer be read; link it again.`);
  try {
    await readLaterApis[name].save(JSON.parse(opened), endpointOf(service, name), {
      url: item.url, title: item.title, summary: item.summary, author: item.author,
    });
  } catch (error) {
    if (error instanceof ReadLaterRefused) throw badRequest(error.message);
    throw error;
  }
  return `Sent to ${name}.`;
}
