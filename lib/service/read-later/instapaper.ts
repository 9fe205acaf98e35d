import { operatorTrust, ReadLaterRefused, request, requireOk, type ReadLaterApi } from './service-api';

const name = 'Instapaper';

function basicAuth(username = '', password = ''): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/** Instapaper's Simple API: Basic auth, /api/authenticate and /api/add. */
export const instapaper: ReadLaterApi = {
  needs: ['username', 'password'],
  async verify(credentials, endpoint) {
    const response = await request(`${endpoint.baseUrl}/api/authenticate`, {
      method: 'POST', headers: { authorization: basicAuth(credentials.username, credentials.password) },
    }, name, operatorTrust(endpoint));
    if (response.status === 403) throw new ReadLaterRefused('Instapaper did not accept that username and password.');
    requireOk(response, name);
    return credentials.username!;
  },
  async save(credentials, endpoint, article) {
    const form = new URLSearchParams({ url: article.url, title: article.title });
    if (article.summary) form.set('selection', article.summary);
    const response = await request(`${endpoint.baseUrl}/api/add`, {
      method: 'POST',
      headers: { authorization: basicAuth(credentials.username, credentials.password), 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    }, name, operatorTrust(endpoint));
    requireOk(response, name);
  },
};
