import { describe, expect, it } from 'vitest';
import { keyPhrases } from '@/lib/service/intelligence';
import { bridgeCollapse, rateRise } from '@/tests/fixtures/intelligence/articles';

describe('key phrases', () => {
  it('finds the subject of an article, phrases before their single words', () => {
    const phrases = keyPhrases(bridgeCollapse[0].title, bridgeCollapse[0].content);
    expect(phrases[0]).toBe('marlow harbour bridge');
    expect(phrases).not.toContain('bridge');
  });

  it('keeps names as written and leaves out function words and bare numbers', () => {
    const phrases = keyPhrases(rateRise[1].title, rateRise[1].content, 10);
    expect(phrases).toContain('Tessaly');
    for (const phrase of phrases) {
      expect(phrase).not.toMatch(/^(the|of|and|to|on|as)$/i);
      expect(phrase).not.toMatch(/^[\d.,%]+$/);
    }
  });

  it('returns at most `max` distinct phrases', () => {
    const phrases = keyPhrases(bridgeCollapse[2].title, bridgeCollapse[2].content, 3);
    expect(phrases.length).toBeLessThanOrEqual(3);
    expect(new Set(phrases).size).toBe(phrases.length);
    expect(keyPhrases('', '')).toEqual([]);
  });
});
