/*
 * A podcast's host on 127.0.0.1 (an external party): a feed whose episodes point at its
 * audio, the audio itself (a real WAV file, byte ranges served as hosts do), and the awkward
 * cases: redirect chains, a refusal, a host that never answers. It records every request.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A WAV file of `seconds` of silence: 8-bit mono at 8 kHz, so one byte is 1/8000 s. */
export function silenceWav(seconds: number, sampleRate = 8000): Buffer {
  const samples = seconds * sampleRate;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples, 40);
  // Not all one value, so a wrong byte range shows in a comparison.
  return Buffer.concat([header, Buffer.from(Array.from({ length: samples }, (_, index) => 0x70 + (index % 32)))]);
}

export type PodcastHost = {
  origin: string;
  audio: Buffer;
  /** Request lines seen, as "GET /path" plus the Range header when there was one. */
  seen: string[];
  /** The feed, with one episode per enclosure path and one article (no enclosure). */
  feedUrl: (episodes: Record<string, string>) => string;
  close: () => Promise<void>;
};

/**
 * Paths: /audio.wav (ranges honoured), /chunked.wav (the same without a Content-Length), /hop/<n> (redirects n times, then to /audio.wav),
 * /loop (redirects to itself), /refused (403), /silent (never answers), /feed.xml?key=…
 * (the feed last registered under that key).
 */
export async function startPodcastHost(): Promise<PodcastHost> {
  const audio = silenceWav(10);
  const seen: string[] = [];
  const feeds = new Map<string, Record<string, string>>();
  let origin = '';
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://host');
    seen.push(`GET ${url.pathname}${request.headers.range ? ` ${request.headers.range}` : ''}`);
    const hop = /^\/hop\/(\d+)$/.exec(url.pathname);
    if (url.pathname === '/feed.xml') {
      const episodes = feeds.get(url.searchParams.get('key') ?? '') ?? {};
      const items = Object.entries(episodes).map(([title, path]) => `<item><title>${title}</title><guid>${title}</guid>
        <pubDate>${new Date().toUTCString()}</pubDate><enclosure url="${origin}${path}" length="${audio.length}" type="audio/wav"/>
        <itunes:duration>10</itunes:duration></item>`).join('');
      response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
      response.end(`<?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>
        <title>Test Hours</title><link>${origin}/</link><description>Tests.</description>${items}
        <item><title>Show notes only</title><guid>article</guid><pubDate>${new Date().toUTCString()}</pubDate><description>Words.</description></item>
        </channel></rss>`);
    } else if (hop) {
      const left = Number(hop[1]);
      response.writeHead(302, { location: left > 1 ? `/hop/${left - 1}` : '/audio.wav' }).end();
    } else if (url.pathname === '/loop') {
      response.writeHead(302, { location: '/loop' }).end();
    } else if (url.pathname === '/refused') {
      response.writeHead(403, { 'content-type': 'text/plain' }).end('no');
    } else if (url.pathname === '/page.html') {
      // A hostile host: HTML with a script where the audio should be.
      response.writeHead(200, { 'content-type': 'text/html' }).end('<script>fetch("/api/v1/items")</script>');
    } else if (url.pathname === '/silent') {
      // Never answers.
    } else if (url.pathname === '/chunked.wav') {
      // A host that streams the file without a Content-Length, whole or ranged (Transfer-Encoding: chunked).
      const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
      const start = range ? Number(range[1]) : 0;
      const end = range?.[2] ? Math.min(Number(range[2]), audio.length - 1) : audio.length - 1;
      response.writeHead(range ? 206 : 200, {
        'content-type': 'audio/wav', 'accept-ranges': 'bytes', ...(range ? { 'content-range': `bytes ${start}-${end}/${audio.length}` } : {}),
      });
      response.write(audio.subarray(start, start + 1));
      response.end(audio.subarray(start + 1, end + 1));
    } else if (url.pathname === '/audio.wav') {
      const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
      if (!range) {
        response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': audio.length, 'accept-ranges': 'bytes', etag: '"v1"' });
        response.end(audio);
        return;
      }
      const start = range[1] ? Number(range[1]) : audio.length - Number(range[2]);
      const end = range[1] && range[2] ? Math.min(Number(range[2]), audio.length - 1) : audio.length - 1;
      if (start >= audio.length) {
        response.writeHead(416, { 'content-range': `bytes */${audio.length}` }).end();
        return;
      }
      response.writeHead(206, {
        'content-type': 'audio/wav', 'accept-ranges': 'bytes', etag: '"v1"', 'x-host-secret': 'not for browsers',
        'content-range': `bytes ${start}-${end}/${audio.length}`, 'content-length': end - start + 1,
      });
      response.end(audio.subarray(start, end + 1));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    audio,
    seen,
    feedUrl: (episodes) => {
      const key = String(feeds.size + 1);
      feeds.set(key, episodes);
      return `${origin}/feed.xml?key=${key}`;
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
