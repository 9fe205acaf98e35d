import 'server-only';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { openSecret, sealSecret } from './secret-box';
import { appDataDir } from './session';
import { shareLinkStore, type ShareLinkRow } from './share-link-store';
import { sendUpstream, type Caller } from './upstream';

/*
 * Read-only share links for saved items. A link is a random token (256 bits) in the URL;
 * it shows one item while that item is saved, the link has not expired and has not been
 * revoked. The item is read through the upstream with its owner's credential, on the
 * server: the visitor gets the item's public parts and nothing else.
 */

/** A link as its owner sees it. */
export type ShareLink = { id: string; url: string; item_id: string; title: string; created_at: string; expires_at: string | null };

/** What a visitor of a link sees. */
export type SharedItem = {
  title: string;
  source: string | null;
  author: string | null;
  published_at: string | null;
  summary: string | null;
  content: string | null;
  canonical_url: string | null;
  item_type: 'article' | 'episode';
  audio_url: string | null;
};

/** A failure as a value: status and one sentence. */
export class ShareLinkError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/** Longest lifetime a link may be given, in days. */
export const maxShareDays = 365;
const dayMs = 86_400_000;

type UpstreamItem = {
  id: string; title: string; is_saved: boolean; feeds: { title: string }[]; author: string | null; published_at: string | null;
  summary: string | null; content: string | null; canonical_url: string | null; item_type: 'article' | 'episode'; audio_url: string | null;
};

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Whose links these are: all sessions of the installation share one owner; a person is their key. */
function ownerOf(caller: Caller): string {
  return caller.kind === 'installation' ? 'installation' : `key:${hashOf(caller.apiKey)}`;
}

async function readItem(caller: Caller, itemId: string): Promise<{ status: number; item: UpstreamItem | null; message: string | null }> {
  const response = await sendUpstream({ method: 'GET', pathAndQuery: `/v1/items/${encodeURIComponent(itemId)}`, body: null, contentType: null }, caller);
  const body = (await response.json().catch(() => null)) as (UpstreamItem & { message?: string }) | null;
  return response.ok ? { status: 200, item: body, message: null } : { status: response.status, item: null, message: body?.message ?? null };
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
  const id = randomUUID();
  const token = randomBytes(32).toString('base64url');
  const row: ShareLinkRow = {
    id, token_hash: hashOf(token), token_sealed: sealSecret(dataDir, token, id), item_id: item.id, owner: ownerOf(caller),
    owner_key_sealed: caller.kind === 'person' ? sealSecret(dataDir, caller.apiKey, `share:${id}`) : null,
    title: item.title, created_at: now, expires_at: expiresInDays === null ? null : now + expiresInDays * dayMs, revoked_at: null,
  };
  shareLinkStore(dataDir).insert(row);
  return toLink(row, token);
}

/** The caller's links that work now: not revoked, not expired, and their item still saved. */
export async function listShareLinks(caller: Caller, now = Date.now()): Promise<ShareLink[]> {
  const dataDir = appDataDir();
  const rows = shareLinkStore(dataDir).live(ownerOf(caller), now);
  const saved = await Promise.all(rows.map(async (row) => (await readItem(caller, row.item_id)).item?.is_saved === true));
  return rows.flatMap((row, index) => {
    const token = openSecret(dataDir, row.token_sealed, row.id);
    return saved[index] && token ? [toLink(row, token)] : [];
  });
}

/** Revokes one of the caller's links; a link of someone else, or an unknown one, answers 404. */
export function revokeShareLink(caller: Caller, id: string, now = Date.now()): void {
  if (!shareLinkStore(appDataDir()).revoke(id, ownerOf(caller), now)) throw new ShareLinkError(404, 'There is no such live share link.');
}

/** What a link shows, or null when it does not work (unknown, revoked, expired, item unsaved or gone). */
export async function openShareLink(token: string, now = Date.now()): Promise<SharedItem | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const dataDir = appDataDir();
  const row = shareLinkStore(dataDir).findByTokenHash(hashOf(token));
  if (!row || row.revoked_at !== null || (row.expires_at !== null && row.expires_at <= now)) return null;
  let caller: Caller = { kind: 'installation' };
  if (row.owner_key_sealed) {
    const apiKey = openSecret(dataDir, row.owner_key_sealed, `share:${row.id}`);
    if (!apiKey) return null;
    caller = { kind: 'person', apiKey };
  }
  const { item } = await readItem(caller, row.item_id);
  if (!item || !item.is_saved) return null;
  return {
    title: item.title, source: item.feeds.map((feed) => feed.title).join(', ') || null, author: item.author,
    published_at: item.published_at, summary: item.summary, content: item.content, canonical_url: item.canonical_url,
    item_type: item.item_type, audio_url: item.audio_url,
  };
}
