import type { LinkReadLaterBody } from '@/lib/contract/read-later';
import { ReadLaterRefused, request, requireOk, type ReadLaterApi } from './service-api';

const name = 'wallabag';

/** Wallabag lives where its owner runs it: the linked base_url wins over the default. */
function baseOf(credentials: LinkReadLaterBody, fallback: string): string {
  return (credentials.base_url ?? fallback).replace(/\/+$/, '');
}

async function accessToken(credentials: LinkReadLaterBody, base: string): Promise<string> {
  const response = await request(`${base}/oauth/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password', client_id: credentials.client_id ?? '', client_secret: credentials.client_secret ?? '',
      username: credentials.username ?? '', password: credentials.password ?? '',
    }).toString(),
  }, name);
  if (response.status === 400 || response.status === 401) throw new ReadLaterRefused('wallabag did not accept those credentials.');
  requireOk(response, name);
  const body = await response.json().catch(() => null) as { access_token?: string } | null;
  if (!body?.access_token) throw new ReadLaterRefused('wallabag did not give an access token.');
  return body.access_token;
}

/** Wallabag's API: OAuth2 password grant, then /api/entries.json. */
export const wallabag: ReadLaterApi = {
  needs: ['client_id', 'client_secret', 'username', 'password'],
  async verify(credentials, baseUrl) {
    const base = baseOf(credentials, baseUrl);
    await accessToken(credentials, base);
    return `${credentials.username} at ${new URL(base).host}`;
  },
  async save(credentials, baseUrl, article) {
    const base = baseOf(credentials, baseUrl);
    const token = await accessToken(credentials, base);
    const response = await request(`${base}/api/entries.json`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: article.url, title: article.title, ...(article.author ? { authors: article.author } : {}) }),
    }, name);
    requireOk(response, name);
  },
};
