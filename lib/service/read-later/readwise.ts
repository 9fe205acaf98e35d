import { operatorTrust, ReadLaterRefused, request, requireOk, type ReadLaterApi } from './service-api';

const name = 'Readwise';

/** Readwise Reader: token auth, /api/v2/auth/ to check and /api/v3/save/ to save. */
export const readwise: ReadLaterApi = {
  needs: ['token'],
  async verify(credentials, endpoint) {
    const response = await request(`${endpoint.baseUrl}/api/v2/auth/`, { headers: { authorization: `Token ${credentials.token}` } }, name, operatorTrust(endpoint));
    if (response.status === 401) throw new ReadLaterRefused('Readwise did not accept that access token.');
    requireOk(response, name);
    return 'Readwise Reader';
  },
  async save(credentials, endpoint, article) {
    const response = await request(`${endpoint.baseUrl}/api/v3/save/`, {
      method: 'POST',
      headers: { authorization: `Token ${credentials.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        url: article.url, title: article.title, saved_using: 'Tidings',
        ...(article.summary ? { summary: article.summary } : {}), ...(article.author ? { author: article.author } : {}),
      }),
    }, name, operatorTrust(endpoint));
    requireOk(response, name);
  },
};
