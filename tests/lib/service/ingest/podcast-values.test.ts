import { describe, expect, it } from 'vitest';
import { parseDuration, parseEpisodeType, parseExplicit, parsePositiveInteger } from '@/lib/service/ingest/podcast-values';

describe('podcast values', () => {
  it.each([
    ['3600', 3600], ['61:30', 3690], ['01:00:00', 3600], ['1:02:03.5', 3723], ['1h 2m 3s', 3723],
    ['PT1H2M', 3720], [' 28:49 ', 1729], ['90.6', 91], ['0', null], ['', null], ['soon', null],
  ])('reads duration %s as %s seconds', (input, expected) => {
    expect(parseDuration(input)).toBe(expected);
  });

  it('reads explicit flags in their common spellings', () => {
    expect([parseExplicit('yes'), parseExplicit('True'), parseExplicit('explicit')]).toEqual([true, true, true]);
    expect([parseExplicit('no'), parseExplicit('clean'), parseExplicit('false')]).toEqual([false, false, false]);
    expect([parseExplicit('maybe'), parseExplicit(null)]).toEqual([null, null]);
  });

  it('normalizes episode types and rejects unknown ones', () => {
    expect([parseEpisodeType(' Full '), parseEpisodeType('TRAILER'), parseEpisodeType('bonus')]).toEqual(['full', 'trailer', 'bonus']);
    expect([parseEpisodeType('russkie_vpered'), parseEpisodeType(null)]).toEqual([null, null]);
  });

  it('accepts only positive whole episode numbers', () => {
    expect([parsePositiveInteger('12'), parsePositiveInteger(' 3 ')]).toEqual([12, 3]);
    expect([parsePositiveInteger('-1'), parsePositiveInteger('1.5'), parsePositiveInteger('0'), parsePositiveInteger('ten')]).toEqual([null, null, null, null]);
  });
});
