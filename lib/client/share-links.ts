import { ApiError, readAnswerBody } from './api-client';

/*
 * The browser side of share links (/api/share-links, served by the app itself, not the
 * feed service): make one for a saved item, list the live ones, revoke one.
 */

/** A share link as the app answers it; `url` is a path on this site. */
export type ShareLink = { id: string; url: string; item_id: string; title: string; created_at: string; expires_at: string | null };

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'You appear to be offline; share links need a connection.');
  }
  // A cut answer throws here as offline: a success with no body would read as a link that is not there.
  const payload = (await readAnswerBody(response)) as (T & { message?: string }) | null;
  if (!response.ok) throw new ApiError(response.status, payload?.message ?? `The app answered ${response.status}.`);
  return payload as T;
}

/** Makes a link to a saved item; `expiresInDays` null keeps it until revoked. */
export function createShareLink(itemId: string, expiresInDays: number | null): Promise<ShareLink> {
  return call('POST', '/api/share-links', { item_id: itemId, expires_in_days: expiresInDays });
}

/** The person's links that work now, newest first. */
export async function listShareLinks(): Promise<ShareLink[]> {
  return (await call<{ data: ShareLink[] }>('GET', '/api/share-links')).data;
}

/** Stops a link from working. */
export async function revokeShareLink(id: string): Promise<void> {
  await call('DELETE', `/api/share-links/${encodeURIComponent(id)}`);
}

/** The full address of a link's path on this site. */
export function absoluteShareUrl(link: Pick<ShareLink, 'url'>): string {
  return new URL(link.url, window.location.origin).toString();
}
