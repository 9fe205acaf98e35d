import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { silenceWav } from '../server/podcast-host';
import { installWorkerGlobals, resetWorkerCaches } from './worker-globals';

/*
 * The worker's answer for episode audio: a downloaded episode from the downloads cache,
 * sliced to the byte range the player asks for; anything else from the network (here a
 * stand-in for the app's server that records what reaches it).
 */

const audio = silenceWav(2);
const reached: string[] = [];
const server: Server = createServer((request, response) => {
  reached.push(`${request.url} ${request.headers.range ?? ''}`.trim());
  response.writeHead(206, { 'content-type': 'audio/wav', 'content-range': `bytes 0-9/${audio.length}`, 'content-length': 10 });
  response.end(audio.subarray(0, 10));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
installWorkerGlobals(origin);
const { episodeAudioUrl, episodeDownloadsCacheName } = await import('@/lib/client/offline-caches');
const { episodeAudioResponse } = await import('@/lib/sw/episode-audio');

const id = '11111111-2222-4333-8444-555555555555';
const url = `${origin}${episodeAudioUrl(id)}`;

async function download(): Promise<void> {
  const cache = await caches.open(episodeDownloadsCacheName);
  await cache.put(url, new Response(new Uint8Array(audio), { status: 200, headers: { 'content-type': 'audio/wav', 'content-length': String(audio.length) } }));
}

beforeEach(() => {
  resetWorkerCaches();
  reached.length = 0;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('episode audio in the service worker', () => {
  it('answers a downloaded episode’s byte range from the cache, without the network', async () => {
    await download();
    const response = await episodeAudioResponse(new Request(url, { headers: { range: 'bytes=100-199' } }));
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 100-199/${audio.length}`);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.from(await response.arrayBuffer()).equals(audio.subarray(100, 200))).toBe(true);
    expect(reached).toEqual([]);
  });

  it('answers an open-ended range (a seek near the end) and the whole file without a range', async () => {
    await download();
    const tail = await episodeAudioResponse(new Request(url, { headers: { range: `bytes=${audio.length - 50}-` } }));
    expect(tail.status).toBe(206);
    expect((await tail.arrayBuffer()).byteLength).toBe(50);
    const whole = await episodeAudioResponse(new Request(url));
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(audio.length);
    expect(reached).toEqual([]);
  });

  it('answers 416 for a range past the end of a downloaded file', async () => {
    await download();
    const response = await episodeAudioResponse(new Request(url, { headers: { range: `bytes=${audio.length + 1}-` } }));
    expect(response.status).toBe(416);
  });

  it('passes an episode that is not downloaded to the network, range and all', async () => {
    const response = await episodeAudioResponse(new Request(url, { headers: { range: 'bytes=0-9' } }));
    expect(response.status).toBe(206);
    expect(reached).toEqual([`${episodeAudioUrl(id)} bytes=0-9`]);
  });
});
