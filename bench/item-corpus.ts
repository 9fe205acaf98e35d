/**
 * Generated items for the items bench: made-up words drawn with a Zipf law (a few very
 * common words, a long tail of rare ones), so full-text search meets realistic posting
 * lists. Deterministic for a seed.
 */
import type { NewItem } from '@/lib/service/domain/feeds/store-items';

/** A seeded PRNG (mulberry32) giving numbers in [0, 1). */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const syllables = ['ka', 'lo', 'mi', 'ra', 'te', 'su', 'no', 'vi', 'de', 'pa', 'ri', 'zo', 'fe', 'gu', 'ha', 'be', 'ti', 'mo',
  'ne', 'la', 'sor', 'ven', 'tal', 'mar', 'kin', 'dus', 'pel', 'rom', 'gat', 'lin', 'bra', 'cho', 'est', 'ulm', 'quo', 'yan'];

/** A vocabulary and a sampler that draws word ranks with probability ∝ 1/(rank+1)^s. */
export type Vocabulary = { words: string[]; draw(): string; rankOf(word: string): number };

/** Builds `size` distinct made-up words, shortest (most frequent) first, with a Zipf sampler. */
export function zipfVocabulary(size: number, random: () => number, exponent = 1.05): Vocabulary {
  const set = new Set<string>();
  while (set.size < size) {
    const length = 2 + Math.floor(random() * 3);
    let word = '';
    for (let i = 0; i < length; i++) word += syllables[Math.floor(random() * syllables.length)];
    set.add(word);
  }
  const words = [...set].sort((a, b) => a.length - b.length);
  const cdf = new Float64Array(size);
  let total = 0;
  for (let rank = 0; rank < size; rank++) cdf[rank] = total += 1 / Math.pow(rank + 1, exponent);
  const ranks = new Map(words.map((word, rank) => [word, rank]));
  return {
    words,
    rankOf: (word) => ranks.get(word) ?? -1,
    draw: () => {
      const target = random() * total;
      let low = 0;
      let high = size - 1;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (cdf[middle] < target) low = middle + 1;
        else high = middle;
      }
      return words[low];
    },
  };
}

function sentence(vocabulary: Vocabulary, random: () => number, min: number, max: number): string {
  const count = min + Math.floor(random() * (max - min + 1));
  const words = Array.from({ length: count }, () => vocabulary.draw());
  words[0] = words[0].charAt(0).toUpperCase() + words[0].slice(1);
  return `${words.join(' ')}.`;
}

/** `count` articles of feed `feedIndex`, published at random over the last `days` days. */
export function benchItems(feedIndex: number, count: number, vocabulary: Vocabulary, random: () => number, days: number, now: number): NewItem[] {
  return Array.from({ length: count }, (_, index) => {
    const title = sentence(vocabulary, random, 5, 10).slice(0, -1);
    const summary = `${sentence(vocabulary, random, 10, 18)} ${sentence(vocabulary, random, 10, 18)}`;
    const paragraphs = Array.from({ length: 3 }, () => `<p>${sentence(vocabulary, random, 12, 20)} ${sentence(vocabulary, random, 12, 20)}</p>`);
    return {
      guid: `bench:${feedIndex}:${index}`, url: `https://bench.example/${feedIndex}/${index}`, title,
      published_at: new Date(now - random() * days * 86_400_000).toISOString(), author: null, summary,
      content: paragraphs.join('\n'), item_type: 'article', media_url: null, audio_url: null, duration_seconds: null,
      episode_number: null, episode_type: null, explicit: null, artwork_url: null, description: null, platform_metadata: {},
    };
  });
}
