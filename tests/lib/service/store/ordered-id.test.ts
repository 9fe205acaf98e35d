import { describe, expect, it } from 'vitest';
import { Uuid } from '@/lib/contract/common';
import { orderedId } from '@/lib/service/store/ordered-id';

const version7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('ordered ids', () => {
  it('are version 7 UUIDs the contract accepts, carrying the time they were made', () => {
    const at = Date.UTC(2026, 10, 27, 12);
    const id = orderedId(at + 1000);
    expect(id).toMatch(version7);
    expect(Uuid.safeParse(id).success).toBe(true);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at + 1000);
  });

  it('sort in the order they were made, within one millisecond and past 4,096 of them', () => {
    const at = Date.now() + 60_000;
    const ids = Array.from({ length: 10_000 }, () => orderedId(at));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    // A clock that steps back does not break the order either.
    const after = orderedId(at - 5_000);
    expect(after > ids[ids.length - 1]).toBe(true);
  });
});
