import type { LinkReadLaterBody, ReadLaterLink } from '@/lib/contract/read-later';
import type { ReadLaterService } from '@/lib/contract/items';
import type { User } from '../domain/accounts';
import { featureMissingMessage, planHas } from '../domain/plans';
import type { ServiceContext } from '../context';
import { fail } from '../http/errors';
import { validationError } from '../http/validation';
import { openSecret, sealSecret } from '../secret-box';
import { instapaper } from './instapaper';
import { raindrop } from './raindrop';
import { readwise } from './readwise';
import { ReadLaterRefused, type ReadLaterApi, type ReadLaterEndpoint } from './service-api';
import { wallabag } from './wallabag';

/** The four read-later services of DESIGN.md, each through its public API. */
export const readLaterApis: Record<ReadLaterService, ReadLaterApi> = { instapaper, readwise, raindrop, wallabag };

type LinkRow = { service: ReadLaterService; account: string; sealed_credentials: string; linked_at: string };

/** The sealing context ties credentials to their user and service, so a row cannot be moved. */
function context(user: User, service: ReadLaterService): string {
  return `read-later:${user.id}:${service}`;
}

/** Where the named service's API lives, and whether a user-given address may be private. */
function endpointOf(service: ServiceContext, name: ReadLaterService): ReadLaterEndpoint {
  return { baseUrl: service.config.readLaterBaseUrls[name], allowPrivateUrls: service.config.allowPrivateUrls };
}

/** Every service with whether (and to which account) the user linked it. */
export function listLinks(service: ServiceContext, user: User): ReadLaterLink[] {
  const rows = service.db.prepare('SELECT service, account, sealed_credentials, linked_at FROM read_later_links WHERE user_id = ?')
    .all(user.id) as LinkRow[];
  const byService = new Map(rows.map((row) => [row.service, row]));
  return (Object.keys(readLaterApis) as ReadLaterService[]).map((name) => {
    const row = byService.get(name);
    return { service: name, linked: Boolean(row), account: row?.account ?? null, linked_at: row?.linked_at ?? null };
  });
}

/** Links a service after checking the credentials with it; they are stored sealed. */
export async function linkService(service: ServiceContext, user: User, name: ReadLaterService, credentials: LinkReadLaterBody): Promise<ReadLaterLink> {
  if (!planHas(user.plan, 'read_later')) throw fail(402, featureMissingMessage(user.plan, 'read_later'));
  const api = readLaterApis[name];
  const missing = api.needs.filter((field) => !credentials[field]);
  if (missing.length) throw validationError(missing.map((field) => `${field} is required to link ${name}.`));
  let account: string;
  try {
    account = await api.verify(credentials, endpointOf(service, name));
  } catch (error) {
    if (error instanceof ReadLaterRefused) throw fail(400, error.message);
    throw error;
  }
  const linkedAt = new Date().toISOString();
  service.db.prepare(`INSERT INTO read_later_links (user_id, service, account, sealed_credentials, linked_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (user_id, service) DO UPDATE SET account = excluded.account, sealed_credentials = excluded.sealed_credentials,
      linked_at = excluded.linked_at`)
    .run(user.id, name, account, sealSecret(service.config.dataDir, JSON.stringify(credentials), context(user, name)), linkedAt);
  return { service: name, linked: true, account, linked_at: linkedAt };
}

/** Forgets a linked service and its credentials. */
export function unlinkService(service: ServiceContext, user: User, name: ReadLaterService): void {
  const result = service.db.prepare('DELETE FROM read_later_links WHERE user_id = ? AND service = ?').run(user.id, name);
  if (!result.changes) throw fail(404, `${name} is not linked.`);
}

/** POST /v1/items/{id}/readlater: sends one of the user's articles to a linked service. */
export async function sendToReadLater(service: ServiceContext, user: User, itemId: string, name: ReadLaterService): Promise<string> {
  if (!planHas(user.plan, 'read_later')) throw fail(402, featureMissingMessage(user.plan, 'read_later'));
  const item = service.db.prepare(`SELECT i.title, i.url, i.summary, i.author, i.item_type FROM entries e JOIN items i ON i.id = e.item_id
    WHERE e.user_id = ? AND e.item_id = ?`).get(user.id, itemId) as
    { title: string; url: string | null; summary: string | null; author: string | null; item_type: string } | undefined;
  if (!item) throw fail(404, `No item with id ${itemId} exists for this account.`);
  const row = service.db.prepare('SELECT sealed_credentials FROM read_later_links WHERE user_id = ? AND service = ?')
    .get(user.id, name) as { sealed_credentials: string } | undefined;
  if (!row) throw fail(400, `${name} is not linked; link it in Settings first.`);
  if (item.item_type !== 'article') throw fail(400, `${name} takes articles only; this item is an episode.`);
  if (!item.url) throw fail(400, 'This article has no web address to send.');
  const opened = openSecret(service.config.dataDir, row.sealed_credentials, context(user, name));
  if (!opened) throw fail(400, `The ${name} credentials can no longer be read; link it again.`);
  try {
    await readLaterApis[name].save(JSON.parse(opened), endpointOf(service, name), {
      url: item.url, title: item.title, summary: item.summary, author: item.author,
    });
  } catch (error) {
    if (error instanceof ReadLaterRefused) throw fail(400, error.message);
    throw error;
  }
  return `Sent to ${name}.`;
}
