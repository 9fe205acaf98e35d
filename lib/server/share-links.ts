import 'server-only';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { openSecret, sealSecret } from './secret-box';
import { appDataDir } from './session';
import { shareLinkStore, type ShareLinkRow } from './share-link-store';
import { keepSnapshot, readItem, snapshotView, type SharedItem } from './share-snapshots';
import type { Caller } from './upstream';

/*
 * Read-only share links for saved items. A link is a random token (256 bits) in the URL;
 * it shows one item while that item is saved, the link has not expired and has not been
 * revoked. Visitors see a copy of the item kept by the app (share-snapshots.ts), refreshed
 * through the upstream with its owner's credential, on the server, at most every few
 * minutes: the visitor gets the item's public parts and nothing else, and visits do not
 * spend the owner's request budget.
 */

/** A link as its owner sees it. */
export type ShareLink = { id: string; url: string; item_id: string; title: string; created_at: string; expires_at: string | null };

export type { SharedItem } from './share-snapshots';

/** A failure as a value: status and one sentence. */
export class ShareLinkError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/** Longest lifetime a link may be given, in days. */
export const maxShareDays = 365;
const dayMs = 86_400_000;

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Whose links these are: all sessions of the installation share one owner; a person is their key. */
function ownerOf(caller: Caller): string {
  return caller.kind === 'installation' ? 'installation' : `key:${hashOf(caller.apiKey)}`;
}

function toLink(row: ShareLinkRow, token: string): ShareLink {
  return {
    id: row.id, url: `/share/${token}`, item_id: row.item_id, title: row.title,
    created_at: new Date(row.created_at).toISOString(), expires_at: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
  };
}

/** Makes a link to one of the caller's saved items, optionally expiring after `expiresInDays`. */
export async function createShareLink(caller: Caller, itemId: string, expiresInDays: number | null, now = Date.now()): Promise<ShareLink> {
  if (!/^[0-9a-f-]{36}$/i.test(itemId)) throw new ShareLinkError(422, 'item_id must be a UUID.');
  if (expiresInDays !== null && (!Number.isInteger(expiresInDays) || expiresInDays < 1 || expiresInDays > maxShareDays)) {
    throw new ShareLinkError(422, `expires_in_days must be a whole number from 1 to ${maxShareDays}, or null.`);
  }
  const { status, item, message } = await readItem(caller, itemId);
  if (status === 404) throw new ShareLinkError(404, 'There is no such item.');
  if (!item) throw new ShareLinkError(status, message ?? 'The item could not be read.');
  if (!item.is_saved) throw new ShareLinkError(409, 'Only saved items can be shared. Save the item first.');

  const dataDir = appDataDir();
  // An id or token drawn twice (never, at these sizes) would be refused by the store: draw again rather than fail.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const id = randomUUID();
    const token = randomBytes(32).toString('base64url');
    const row: ShareLinkRow = {
      id, token_hash: hashOf(token), token_sealed: sealSecret(dataDir, token, id), item_id: item.id, owner: ownerOf(caller),
      owner_key_sealed: caller.kind === 'person' ? sealSecret(dataDir, caller.apiKey, `share:${id}`) : null,
      title: item.title, created_at: now, expires_at: expiresInDays === null ? null : now + expiresInDays * dayMs, revoked_at: null,
    };
    if (!(await shareLinkStore(dataDir).insert(row))) continue;
    await keepSnapshot(dataDir, row.owner, item.id, item, now);
    return toLink(row, token);
  }
  throw new Error('No free share-link id was found in three draws.');
}

/** The caller's links that work now: not revoked, not expired, and their item still saved. */
export async function listShareLinks(caller: Caller, now = Date.now()): Promise<ShareLink[]> {
  const dataDir = appDataDir();
  const rows = await shareLinkStore(dataDir).live(ownerOf(caller), now);
  // Read for the owner anyway, so each read also refreshes what the link's visitors see.
  const saved = await Promise.all(rows.map(async (row) => {
    const { status, item } = await readItem(caller, row.item_id);
    if (item || status === 404) await keepSnapshot(dataDir, row.owner, row.item_id, item, now);
    return item?.is_saved === true;
  }));
  return rows.flatMap((row, index) => {
    const token = openSecret(dataDir, row.token_sealed, row.id);
    return saved[index] && token ? [toLink(row, token)] : [];
  });
}

/** Revokes one of the caller's links; a link of someone else, or an unknown one, answers 404. */
export async function revokeShareLink(caller: Caller, id: string, now = Date.now()): Promise<void> {
  if (!(await shareLinkStore(appDataDir()).revoke(id, ownerOf(caller), now))) throw new ShareLinkError(404, 'There is no such live share link.');
}

/** Makes the next visit of each of the caller's links read its item again: what they saved may have changed. */
export function shareLinksOutdated(caller: Caller): Promise<void> {
  return shareLinkStore(appDataDir()).outdate(ownerOf(caller));
}

/**
 * What a link shows, or null when it does not work (unknown, revoked, expired, item unsaved or gone).
 * A link with no copy of its item yet while the service does not answer throws a ShareLinkError (503).
 */
export async function openShareLink(token: string, now = Date.now()): Promise<SharedItem | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const dataDir = appDataDir();
  const row = await shareLinkStore(dataDir).findByTokenHash(hashOf(token));
  if (!row || row.revoked_at !== null || (row.expires_at !== null && row.expires_at <= now)) return null;
  let caller: Caller = { kind: 'installation' };
  if (row.owner_key_sealed) {
    const apiKey = openSecret(dataDir, row.owner_key_sealed, `share:${row.id}`);
    if (!apiKey) return null;
    caller = { kind: 'person', apiKey };
  }
  const view = await snapshotView(dataDir, row.owner, row.item_id, caller, now);
  if (view.kind === 'unreadable') throw new ShareLinkError(503, 'The shared item cannot be shown just now. Try again in a minute.');
  return view.kind === 'item' ? view.item : null;
}
