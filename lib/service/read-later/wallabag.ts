import type { LinkReadLaterBody } from '@/lib/contract/read-later';
import { operatorTrust, ReadLaterRefused, request, requireOk, type ReadLaterApi, type ReadLaterEndpoint, type Trust } from './service-api';

const name = 'wallabag';

type Base = { url: string; trust: Trust };

/**
 * Wallabag lives where its owner runs it: the linked base_url wins over the default. That address
 * is the user's, so it may be private only when TIDINGS_ALLOW_PRIVATE_URLS=1; the operator's is trusted.
 */
function baseOf(credentials: LinkReadLaterBody, endpoint: ReadLaterEndpoint): Base {
  return credentials.base_url
    ? { url: credentials.base_url.replace(/\/+$/, ''), trust: { allowPrivate: endpoint.allowPrivateUrls } }
    : { url: endpoint.baseUrl.replace(/\/+$/, ''), trust: operatorTrust(endpoint) };
}

async function accessToken(credentials: LinkReadLaterBody, base: Base): Promise<string> {
  const response = await request(`${base.url}/oauth/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password', client_id: credentials.client_id ?? '', client_secret: credentials.client_secret ?? '',
      username: credentials.username ?? '', password: credentials.password ?? '',
    }).toString(),
  }, name, base.trust);
  if (response.status === 400 || response.status === 401) throw new ReadLaterRefused('wallabag did not accept those credentials.');
  requireOk(response, name);
  const body = await response.json().catch(() => null) as { access_token?: string } | null;
  if (!body?.access_token) throw new ReadLaterRefused('wallabag did not give an access token.');
  return body.access_token;
}

/** Wallabag's API: OAuth2 password grant, then /api/entries.json. */
export const wallabag: ReadLaterApi = {
  needs: ['client_id', 'client_secret', 'username', 'password'],
  async verify(credentials, endpoint) {
    const base = baseOf(credentials, endpoint);
    await accessToken(credentials, base);
    return `${credentials.username} at ${new URL(base.url).host}`;
  },
  async save(credentials, endpoint, article) {
    const base = baseOf(credentials, endpoint);
    const token = await accessToken(credentials, base);
    const response = await request(`${base.url}/api/entries.json`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: article.url, title: article.title, ...(article.author ? { authors: article.author } : {}) }),
    }, name, base.trust);
    requireOk(response, name);
  },
};
