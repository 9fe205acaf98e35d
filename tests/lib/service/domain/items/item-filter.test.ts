import { describe, expect, it } from 'vitest';
import { endOfDayMs, startOfDayMs } from '@/lib/service/domain/items/item-filter';

describe('calendar day bounds', () => {
  it('spans the whole UTC day, both ends included', () => {
    expect(new Date(startOfDayMs('2026-03-01')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(new Date(endOfDayMs('2026-03-01')).toISOString()).toBe('2026-03-01T23:59:59.999Z');
    expect(new Date(endOfDayMs('2028-02-28') + 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });
});
