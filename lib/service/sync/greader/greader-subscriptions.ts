/**
 * Google Reader's subscription and label management: subscription/quickadd, subscription/edit
 * (subscribe, unsubscribe, rename, move between folders), rename-tag, disable-tag and OPML export
 * and import, all through the domain functions /v1 uses. Folders and tags are both labels.
 */
import type { User } from '../../domain/accounts';
import { ensureFolder, folderNameTaken } from '../../domain/folders/folders';
import { exportOpml } from '../../domain/opml/export-opml';
import { importOpml } from '../../domain/opml/import-opml';
import { unsubscribeDroppingItems, updateSubscription, updateSubscriptions } from '../../domain/subscriptions/change-subscriptions';
import { subscribe } from '../../domain/subscriptions/subscribe';
import type { ServiceContext } from '../../context';
import { DomainError } from '../../domain/errors';
import { feedStreamId, parseStream } from './greader-ids';
import { BadRequest } from './greader-read';

/** A domain refusal (a bad URL, a plan limit, a name taken; not an unreachable feed) as the client's problem. */
async function refusedAs<T>(run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DomainError && error.kind !== 'unavailable') throw new BadRequest(error.message);
    throw error;
  }
}

function labelName(streamId: string | null, what: string): string {
  const stream = streamId ? parseStream(streamId) : undefined;
  if (stream?.kind !== 'label' || !stream.name.trim()) throw new BadRequest(`${what} must be a label (user/-/label/<name>).`);
  return stream.name.trim();
}

/** POST subscription/quickadd: `quickadd` a feed or page URL (a page's feed is discovered, as /v1/subscriptions does). */
export async function quickAdd(service: ServiceContext, user: User, params: URLSearchParams) {
  const url = (params.get('quickadd') ?? '').replace(/^feed\//, '').trim();
  if (!url) throw new BadRequest('quickadd must name a URL.');
  const outcome = await refusedAs(() => subscribe(service, user, { url }));
  const row = (await service.store.greader.subscriptions(user.id)).find((one) => one.id === outcome.body.subscription_id)!;
  return { numResults: 1, query: url, streamId: feedStreamId(row.feed_url ?? row.feed_key), streamName: row.title };
}

/** POST subscription/edit: `ac` subscribe, unsubscribe or edit the feeds `s`, with title `t`, into label `a`, out of label `r`. */
export async function editSubscription(service: ServiceContext, user: User, params: URLSearchParams): Promise<void> {
  const action = params.get('ac') ?? 'edit';
  if (!['subscribe', 'unsubscribe', 'edit'].includes(action)) throw new BadRequest('ac must be subscribe, unsubscribe or edit.');
  const feeds = params.getAll('s').map((id) => {
    const stream = parseStream(id);
    if (stream?.kind !== 'feed') throw new BadRequest(`${id} is not a feed stream id (feed/<url>).`);
    return stream.url;
  });
  if (!feeds.length) throw new BadRequest('Name the feeds with s.');
  const title = params.get('t')?.trim() || undefined;
  const into = params.get('a') ? labelName(params.get('a'), 'a') : undefined;
  const outOf = params.get('r') ? labelName(params.get('r'), 'r') : undefined;
  if (action === 'subscribe') {
    for (const url of feeds) {
      const folderId = into ? (await ensureFolder(service.store, user, into)).id : null;
      const outcome = await refusedAs(() => subscribe(service, user, { url, folder_id: folderId }));
      if (title) await updateSubscription(service.store, user, outcome.body.subscription_id, { title });
    }
    return;
  }
  const rows = await service.store.greader.subscriptions(user.id);
  const ids = feeds.map((url) => rows.find((row) => row.feed_url === url || row.feed_key === url)?.id);
  if (ids.some((id) => id === undefined)) throw new BadRequest('s names a feed that is not subscribed.');
  if (action === 'unsubscribe') {
    await unsubscribeDroppingItems(service.store, user, ids as string[]);
    return;
  }
  // The folder is made first; the moves are then one unit.
  const folderId = into ? (await ensureFolder(service.store, user, into)).id : outOf ? null : undefined;
  await refusedAs(() => updateSubscriptions(service.store, user, ids as string[], { ...(title ? { title } : {}), ...(folderId !== undefined ? { folder_id: folderId } : {}) }));
}

/** POST rename-tag: the folder and tag named by `s` take the name of `dest`. */
export async function renameLabel(service: ServiceContext, user: User, params: URLSearchParams): Promise<void> {
  const from = labelName(params.get('s') ?? params.get('t'), 's');
  const to = labelName(params.get('dest'), 'dest');
  const outcome = await service.store.labels.rename(user.id, from, to);
  if (outcome === 'not_found') throw new BadRequest(`There is no label named ${from}.`);
  if (outcome === 'name_taken') throw new BadRequest(folderNameTaken(to).message);
}

/** POST disable-tag: the folder (its feeds stay, in no folder) and tag named by `s` go. */
export async function disableLabel(service: ServiceContext, user: User, params: URLSearchParams): Promise<void> {
  const name = labelName(params.get('s') ?? params.get('t'), 's');
  if (!(await service.store.labels.delete(user.id, name))) throw new BadRequest(`There is no label named ${name}.`);
}

/** GET subscription/export: the subscriptions as OPML. */
export async function exportSubscriptions(service: ServiceContext, user: User): Promise<Response> {
  return new Response((await exportOpml(service.store, user)).opml, { headers: { 'content-type': 'text/x-opml; charset=utf-8' } });
}

/** POST subscription/import: the body is an OPML document, imported as /v1/opml/import does. */
export async function importSubscriptions(service: ServiceContext, user: User, opml: string) {
  if (!opml.trim()) throw new BadRequest('The body must be an OPML document.');
  return refusedAs(() => importOpml(service, user, opml));
}
