import { deflateSync } from 'node:zlib';
import type { FeedIconStore } from '../store/feed-icons';

/*
 * Favicons for the demo sources, drawn at seed time (their sites do not exist): a 32×32 PNG
 * each, a rounded square in the source's colour with a light ring, so the demo inbox shows real
 * icons and no fetch is made for them.
 */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 32×32 RGBA PNG: a rounded square of `rgb` with a light ring in its middle. */
export function demoIconPng(rgb: [number, number, number]): Buffer {
  const size = 32;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const cx = x + 0.5 - size / 2;
      const cy = y + 0.5 - size / 2;
      // Rounded corners: outside a radius-6 corner is transparent.
      const corner = Math.hypot(Math.max(Math.abs(cx) - 10, 0), Math.max(Math.abs(cy) - 10, 0)) > 6;
      const ring = Math.abs(Math.hypot(cx, cy) - 7) < 2;
      const [r, g, b] = ring ? [255, 255, 255] : rgb;
      row.set([r, g, b, corner ? 0 : 255], 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A colour for a demo source, from its key. */
function colourOf(key: string): [number, number, number] {
  const palette: [number, number, number][] = [[29, 78, 216], [4, 120, 87], [185, 28, 28], [126, 34, 206], [194, 65, 12], [15, 118, 110], [190, 24, 93], [67, 56, 202]];
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return palette[hash % palette.length]!;
}

/** Stores a drawn icon for a demo feed, as if fetched from its site. */
export async function seedDemoIcon(icons: FeedIconStore, feedId: string, key: string, website: string, at: Date): Promise<void> {
  await icons.save(feedId, { contentType: 'image/png', data: demoIconPng(colourOf(key)), url: `${website}/favicon.png` }, at.toISOString());
}
