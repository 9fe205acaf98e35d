import { randomFillSync } from 'node:crypto';

const random = Buffer.alloc(10);
let lastMs = 0;
let sequence = 0;

/**
 * A new UUID (version 7, RFC 9562) that sorts after those made before it in this process: the
 * milliseconds first, then a counter within the millisecond, then 62 random bits. Rows keyed by
 * such ids are appended at the end of their indexes instead of anywhere in them, so a batch of
 * inserts dirties a few pages rather than nearly every page of each index (and its commit writes them all).
 */
export function orderedId(now = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    sequence = 0;
  } else if (++sequence > 0xfff) {
    // 4,096 ids in one millisecond: borrow the next one, so that order still holds.
    lastMs++;
    sequence = 0;
  }
  randomFillSync(random);
  const hex = lastMs.toString(16).padStart(12, '0')
    + (0x7000 | sequence).toString(16)
    + ((random[0] & 0x3f) | 0x80).toString(16).padStart(2, '0')
    + random.toString('hex', 1, 8);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
