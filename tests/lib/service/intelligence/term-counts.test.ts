import { describe, expect, it } from 'vitest';
import { createTermCounts } from '@/lib/service/intelligence/term-counts';

/** Term ids as the intelligence makes them: 53-bit hashes, spread over the whole range. */
function termIds(count: number): number[] {
  const ids: number[] = [];
  let x = 0x2545f491;
  for (let i = 0; i < count; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    ids.push(x * 2_097_152 + (i % 2_097_152));
  }
  return ids;
}

describe('term counts', () => {
  it('keeps every frequency while the table grows from its first size to its largest', () => {
    const counts = createTermCounts(14);
    const ids = termIds(counts.capacity);
    ids.forEach((id, i) => counts.set(id, i + 1));
    ids.forEach((id, i) => counts.set(id, counts.get(id) + i));
    expect(counts.size).toBe(ids.length);
    expect(ids.every((id, i) => counts.get(id) === 2 * i + 1)).toBe(true);
    expect(counts.get(7)).toBe(-1);
  });

  it('says it is full at 70% of its largest size, whatever size it started at', () => {
    const counts = createTermCounts(14);
    expect(counts.capacity).toBe(Math.floor(2 ** 14 * 0.7));
    const ids = termIds(counts.capacity);
    ids.slice(0, -1).forEach((id) => counts.set(id, 1));
    expect(counts.isFull()).toBe(false);
    counts.set(ids[ids.length - 1], 1);
    expect(counts.isFull()).toBe(true);
  });

  it('refuses a term once its largest table has one free slot left', () => {
    const counts = createTermCounts(13);
    const ids = termIds(2 ** 13);
    ids.slice(0, 2 ** 13 - 1).forEach((id) => counts.set(id, 1));
    expect(() => counts.set(ids[2 ** 13 - 1], 1)).toThrow('The term frequency table is full.');
    expect(counts.get(ids[0])).toBe(1);
  });

  it('forgets every term when cleared, and grows again after', () => {
    const counts = createTermCounts(14);
    const ids = termIds(10_000);
    ids.forEach((id) => counts.set(id, 3));
    counts.clear();
    expect(counts.size).toBe(0);
    expect(ids.some((id) => counts.get(id) !== -1)).toBe(false);
    ids.forEach((id) => counts.set(id, 4));
    expect(ids.every((id) => counts.get(id) === 4)).toBe(true);
  });
});
