import 'fake-indexeddb/auto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { appendPart, beginDownload, forgetDownload, partsStream, pendingDownload, type PendingDownload } from '@/lib/client/episode-downloads/parts-db';
import { DownloadCancelled, transfer } from '@/lib/client/episode-downloads/transfer';
import type { PlayerEpisode } from '@/lib/client/player/episode';
import { silenceWav } from '../../server/podcast-host';

/*
 * Carrying a download on from the bytes kept, against a stand-in for the app's audio route:
 * one that honours byte ranges as the route passes them through, and one whose host ignores
 * them and answers the whole file (200), which must start the download over, not splice it.
 */

const audio = silenceWav(3);
const requests: string[] = [];
let honoursRanges = true;
const server: Server = createServer((request, response) => {
  requests.push(request.headers.range ?? '');
  const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
  if (!range || !honoursRanges) {
    // As the app's route streams it: no length.
    response.writeHead(200, { 'content-type': 'audio/wav', etag: '"v1"' });
    return void response.end(audio);
  }
  const start = Number(range[1]);
  if (start >= audio.length) return void response.writeHead(416, { 'content-range': `bytes */${audio.length}` }).end();
  response.writeHead(206, { 'content-type': 'audio/wav', etag: '"v1"', 'content-range': `bytes ${start}-${audio.length - 1}/${audio.length}`, 'content-length': audio.length - start });
  response.end(audio.subarray(start));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
Object.defineProperty(globalThis, 'location', { value: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`), configurable: true });

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const episode: PlayerEpisode = {
  id: '11111111-2222-4333-8444-555555555555', title: 'Silence', audioUrl: 'https://host.example/silence.wav',
  feedTitle: 'Test Hours', artworkUrl: null, subscriptionId: null, durationSeconds: 3,
};

async function keptBytes(record: PendingDownload): Promise<Buffer> {
  return Buffer.from(await new Response(partsStream(record)).arrayBuffer());
}

/** A download that was interrupted after its first `bytes` bytes. */
async function interruptedAfter(bytes: number): Promise<PendingDownload> {
  await beginDownload(episode, new Date().toISOString());
  const part = audio.subarray(0, bytes);
  return (await appendPart(episode.id, part.buffer.slice(part.byteOffset, part.byteOffset + part.byteLength) as ArrayBuffer))!;
}

const noRoomCheck = async () => undefined;

beforeEach(async () => {
  await forgetDownload(episode.id);
  requests.length = 0;
  honoursRanges = true;
});

describe('carrying a download on', () => {
  it('fetches the whole file when nothing is kept yet, and keeps it in parts', async () => {
    await beginDownload(episode, new Date().toISOString());
    const seen: number[] = [];
    const whole = await transfer((await pendingDownload(episode.id))!, new AbortController().signal, (received) => seen.push(received), noRoomCheck);
    expect(requests).toEqual(['bytes=0-']);
    expect(whole).toMatchObject({ received: audio.length, total: audio.length, contentType: 'audio/wav', validator: '"v1"' });
    expect((await keptBytes(whole)).equals(audio)).toBe(true);
    expect(seen.at(-1)).toBe(audio.length);
  });

  it('asks only for the rest of an interrupted download and appends it to the bytes kept', async () => {
    const interrupted = await interruptedAfter(10_000);
    const whole = await transfer(interrupted, new AbortController().signal, () => undefined, noRoomCheck);
    expect(requests).toEqual(['bytes=10000-']);
    expect(whole.received).toBe(audio.length);
    expect((await keptBytes(whole)).equals(audio)).toBe(true);
  });

  it('starts over cleanly when the host answers a range request with the whole file', async () => {
    honoursRanges = false;
    const interrupted = await interruptedAfter(10_000);
    const whole = await transfer(interrupted, new AbortController().signal, () => undefined, noRoomCheck);
    expect(requests).toEqual(['bytes=10000-']);
    expect(whole).toMatchObject({ received: audio.length, total: null });
    expect((await keptBytes(whole)).equals(audio)).toBe(true);
  });

  it('completes a download whose every byte was kept before the interruption (416 for the rest)', async () => {
    await beginDownload(episode, new Date().toISOString());
    const first = await transfer((await pendingDownload(episode.id))!, new AbortController().signal, () => undefined, noRoomCheck);
    requests.length = 0;
    const again = await transfer(first, new AbortController().signal, () => undefined, noRoomCheck);
    expect(requests).toEqual([`bytes=${audio.length}-`]);
    expect((await keptBytes(again)).equals(audio)).toBe(true);
  });

  it('stops without writing when the download was cancelled (its record is gone)', async () => {
    const interrupted = await interruptedAfter(10_000);
    await forgetDownload(episode.id);
    await expect(transfer(interrupted, new AbortController().signal, () => undefined, noRoomCheck)).rejects.toBeInstanceOf(DownloadCancelled);
    expect(await pendingDownload(episode.id)).toBeUndefined();
    expect(await appendPart(episode.id, new ArrayBuffer(4))).toBeNull();
  });
});
