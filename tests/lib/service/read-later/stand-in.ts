import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the stand-in received it. */
export type SeenRequest = { method: string; path: string; authorization?: string; contentType?: string; body: string };

/** The running stand-in: its address, every request it received, and how to stop it. */
export type ReadLaterStandIn = { url: string; seen: SeenRequest[]; close: () => Promise<void> };

const answers: Record<string, [number, unknown]> = {
  'POST /instapaper/api/authenticate': [200, '200'],
  'POST /instapaper/api/add': [201, '201'],
  'GET /readwise/api/v2/auth/': [204, null],
  'POST /readwise/api/v3/save/': [201, { id: 'doc1', url: 'https://read.readwise.io/doc1' }],
  'GET /raindrop/rest/v1/user': [200, { result: true, user: { fullName: 'Ada Reader' } }],
  'POST /raindrop/rest/v1/raindrop': [200, { result: true, item: { _id: 1 } }],
  'POST /wallabag/oauth/v2/token': [200, { access_token: 'wb-access', token_type: 'bearer' }],
  'POST /wallabag/api/entries.json': [200, { id: 7 }],
};

/** One local server standing in for the four read-later services' APIs; Instapaper refuses the password "wrong", and the token "redirect-to-metadata" is redirected to a cloud metadata address. */
export function startReadLaterStandIn(): Promise<ReadLaterStandIn> {
  const seen: SeenRequest[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => { body += chunk; });
    request.on('end', () => {
      seen.push({ method: request.method!, path: request.url!, authorization: request.headers.authorization, contentType: request.headers['content-type'], body });
      if (request.headers.authorization === 'Bearer redirect-to-metadata') {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        response.end();
        return;
      }
      const wrongPassword = request.headers.authorization === `Basic ${Buffer.from('ada:wrong').toString('base64')}`;
      const [status, payload] = wrongPassword ? [403, '403'] : answers[`${request.method} ${request.url}`] ?? [404, 'no'];
      response.writeHead(status, { 'content-type': typeof payload === 'string' ? 'text/plain' : 'application/json' });
      response.end(payload === null ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((done) => { server.closeAllConnections(); server.close(() => done()); }),
  })));
}

/** The service's readLaterBaseUrls pointing every service at the stand-in. */
export function standInBaseUrls(url: string) {
  return { instapaper: `${url}/instapaper`, readwise: `${url}/readwise`, raindrop: `${url}/raindrop`, wallabag: `${url}/wallabag` };
}
