import { operatorTrust, ReadLaterRefused, request, requireOk, type ReadLaterApi } from './service-api';

const name = 'Raindrop.io';

/** Raindrop.io's REST API: a test token as Bearer, /rest/v1/user to check, /rest/v1/raindrop to save. */
export const raindrop: ReadLaterApi = {
  needs: ['token'],
  async verify(credentials, endpoint) {
    const response = await request(`${endpoint.baseUrl}/rest/v1/user`, { headers: { authorization: `Bearer ${credentials.token}` } }, name, operatorTrust(endpoint));
    if (response.status === 401) throw new ReadLaterRefused('Raindrop.io did not accept that token.');
    requireOk(response, name);
    const body = await response.json().catch(() => null) as { user?: { fullName?: string; email?: string } } | null;
    return body?.user?.fullName || body?.user?.email || 'Raindrop.io';
  },
  async save(credentials, endpoint, article) {
    const response = await request(`${endpoint.baseUrl}/rest/v1/raindrop`, {
      method: 'POST',
      headers: { authorization: `Bearer ${credentials.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ link: article.url, title: article.title, excerpt: article.summary ?? '', pleaseParse: {} }),
    }, name, operatorTrust(endpoint));
    requireOk(response, name);
  },
};
