import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/*
 * The demo podcast's audio and artwork, made by code rather than downloaded or shipped: a few
 * seconds of soft tones (a different chord for each chapter) as a WAV file, and a PNG of
 * rings in the podcast's colours. The app serves them from its own origin under
 * `demoMediaPath` (lib/server/demo-media.ts), so they play and download offline.
 */

/** Where the app serves demo media; demo items' audio_url and artwork_url point under it. */
export const demoMediaPath = '/api/demo-media/';

/** How long every demo episode's audio lasts, in seconds: five chapters of four. */
export const demoAudioSeconds = 20;

const sampleRate = 8000;
const chapterCount = 5;

/** The demo file a name stands for, or null when it is no such name (`<source>-<n>.wav`, `<source>.png`). */
export function parseDemoMediaName(name: string): { kind: 'audio'; source: string; episode: number } | { kind: 'artwork'; source: string } | null {
  const audio = /^([a-z][a-z-]{0,40}[a-z])-(\d{1,3})\.wav$/.exec(name);
  if (audio) return { kind: 'audio', source: audio[1], episode: Number(audio[2]) };
  const artwork = /^([a-z][a-z-]{0,40}[a-z])\.png$/.exec(name);
  return artwork ? { kind: 'artwork', source: artwork[1] } : null;
}

/** The app-relative address of a demo episode's audio. */
export function demoAudioUrl(source: string, episode: number): string {
  return `${demoMediaPath}${source}-${episode}.wav`;
}

/** The app-relative address of a demo source's artwork. */
export function demoArtworkUrl(source: string): string {
  return `${demoMediaPath}${source}.png`;
}

/** The demo media name in an item's address, when the address is one of demoMediaPath's. */
export function demoMediaNameOf(url: string | null | undefined): string | null {
  if (!url?.startsWith(demoMediaPath)) return null;
  const name = url.slice(demoMediaPath.length);
  return parseDemoMediaName(name) ? name : null;
}

function seedBytes(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** A mono 8-bit WAV: each chapter a soft chord of its own, fading in and out, so chapter jumps can be heard. */
export function demoAudioWav(source: string, episode: number): Buffer {
  const seed = seedBytes(`${source}:${episode}`);
  const samples = demoAudioSeconds * sampleRate;
  const chapterSamples = samples / chapterCount;
  const data = Buffer.alloc(samples);
  const base = 180 + (seed[0] % 80);
  for (let i = 0; i < samples; i += 1) {
    const chapter = Math.floor(i / chapterSamples);
    const root = base * (1 + ((seed[1 + chapter] % 5) / 8));
    const within = (i % chapterSamples) / chapterSamples;
    const envelope = Math.min(1, within * 10, (1 - within) * 10);
    const t = i / sampleRate;
    const wave = Math.sin(2 * Math.PI * root * t) + 0.5 * Math.sin(2 * Math.PI * root * 1.5 * t) + 0.3 * Math.sin(2 * Math.PI * root * 2 * t);
    data[i] = Math.round(128 + 40 * envelope * (wave / 1.8));
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate, 28); // bytes a second: one byte a sample
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** Square artwork (PNG, 320 px): rings on a night-sky gradient in colours drawn from the source's name. */
export function demoArtworkPng(source: string, size = 320): Buffer {
  const seed = seedBytes(source);
  const hue = [seed[0], seed[1], seed[2]].map((value) => 60 + (value % 140));
  const rows: Buffer[] = [];
  const centre = size * 0.62;
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x += 1) {
      const sky = 0.25 + 0.5 * (y / size);
      const distance = Math.hypot(x - size * 0.5, y - centre) / size;
      const ring = distance < 0.18 ? 1 : Math.cos(distance * 60) > 0.6 && distance < 0.45 ? 0.7 : 0;
      const [r, g, b] = hue.map((channel, index) => Math.round(Math.min(255, channel * sky * (index === 2 ? 1.2 : 0.8) + ring * (255 - channel * sky) * 0.8)));
      row.writeUInt8(r, 1 + x * 3);
      row.writeUInt8(g, 2 + x * 3);
      row.writeUInt8(b, 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
