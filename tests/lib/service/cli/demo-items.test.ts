import { describe, expect, it } from 'vitest';
import { demoSources } from '@/lib/service/cli/demo-content';
import { demoItems } from '@/lib/service/cli/demo-items';

describe('the demo items', () => {
  it('never double an article before a source whose name has its own ("the The Riverside Courier")', () => {
    const now = Date.parse('2026-11-28T00:00:00Z');
    const bodies = demoSources.flatMap((source) => demoItems(source, now)).map((item) => JSON.stringify(item));
    expect(bodies.some((body) => body.includes('The Riverside Courier archive'))).toBe(true);
    expect(bodies.filter((body) => /\bthe the\b/i.test(body))).toEqual([]);
  });
});
