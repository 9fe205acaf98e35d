/*
 * Whether a server started here answers yet, for `npm start`'s "ready" line and the end-to-end
 * suite's server. Node's fetch cannot take a self-signed certificate, which is what a local
 * HTTPS setup (lib/server/https-front.ts) usually has, so this asks with node:http(s).
 */
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';

/** The status `url` answers a GET with, without following redirects; rejects when nothing answers within `timeoutMs`. */
export function statusAt(url: string, timeoutMs: number): Promise<number> {
  const get = new URL(url).protocol === 'https:' ? httpsGet : httpGet;
  return new Promise((resolve, reject) => {
    // Only "is it up?": the certificate is the operator's business, checked by the browser.
    const request = get(url, { rejectUnauthorized: false, timeout: timeoutMs }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy(new Error(`${url} did not answer within ${timeoutMs} ms`)));
    request.on('error', reject);
  });
}
