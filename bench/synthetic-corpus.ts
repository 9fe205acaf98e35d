/**
 * A synthetic news corpus for latency benches: made-up words with a Zipf
 * frequency law, events reported by several sources within a day, names
 * written with capitals, 500 sources over about three months, items of about
 * 85 words at the median (one in ten much longer). Deterministic for a seed.
 */
import type { IndexedDoc } from '@/lib/service/intelligence';

/** Corpus shape. */
export type CorpusOptions = { items: number; sources: number; days: number; seed: number; start?: string };

function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'te', 'su', 'no', 'vi', 'de', 'pa', 'ri', 'zo', 'fe', 'gu', 'ha', 'be', 'ti', 'mo', 'ne', 'la', 'sor', 'ven', 'tal', 'mar', 'kin', 'dus', 'pel', 'rom', 'gat', 'lin'];

/** Builds made-up words: a vocabulary of `size` distinct words, most frequent first. */
function vocabulary(size: number, random: () => number): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const n = 2 + Math.floor(random() * 3);
    let word = '';
    for (let i = 0; i < n; i++) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    words.add(word);
  }
  return [...words];
}

/** Samples ranks 0..n-1 with probability proportional to 1/(rank+1)^s. */
function zipfSampler(n: number, s: number, random: () => number): (from?: number) => number {
  const cdf = new Float64Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    total += 1 / Math.pow(i + 1, s);
    cdf[i] = total;
  }
  return (from = 0) => {
    const low = from > 0 ? cdf[from - 1] : 0;
    const target = low + random() * (total - low);
    let lo = from;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const capital = (word: string) => word[0].toUpperCase() + word.slice(1);

/** Generates the corpus in published order, with `event` (the story it reports, or null) for checking. */
export function* syntheticCorpus(options: CorpusOptions): Generator<IndexedDoc & { event: number | null }> {
  const random = prng(options.seed);
  const words = vocabulary(40_000, random);
  const zipf = zipfSampler(words.length, 1.07, random);
  const start = Date.parse(options.start ?? '2026-01-01T00:00:00Z');
  const spanMs = options.days * 24 * 3_600_000;
  const perEvent = 3;
  const events = Math.floor((options.items * 0.7) / perEvent);
  type Event = { time: number; topic: string[]; names: string[] };
  const eventList: Event[] = [];
  for (let e = 0; e < events; e++) {
    eventList.push({
      time: start + (e / events) * spanMs,
      topic: Array.from({ length: 8 }, () => words[zipf(300)]),
      names: Array.from({ length: 3 }, () => capital(words[zipf(1000)])),
    });
  }
  const sentence = (length: number, event: Event | null) => {
    const out: string[] = [];
    for (let i = 0; i < length; i++) {
      const r = random();
      if (event && r < 0.12) out.push(event.names[Math.floor(random() * event.names.length)]);
      else if (event && r < 0.35) out.push(event.topic[Math.floor(random() * event.topic.length)]);
      else out.push(words[zipf()]);
    }
    out[0] = capital(out[0]);
    return out.join(' ') + '.';
  };
  const paragraph = (sentences: number, event: Event | null) => Array.from({ length: sentences }, () => sentence(8 + Math.floor(random() * 12), event)).join(' ');
  let eventCursor = 0;
  for (let i = 0; i < options.items; i++) {
    const progress = i / options.items;
    let event: Event | null = null;
    let eventId: number | null = null;
    let time = start + progress * spanMs;
    if (random() < 0.7 && events > 0) {
      eventCursor = Math.min(events - 1, Math.floor(progress * events + (random() - 0.5) * 20));
      event = eventList[Math.max(0, eventCursor)];
      eventId = Math.max(0, eventCursor);
      time = event.time + (random() - 0.5) * 24 * 3_600_000;
    }
    const title = sentence(7 + Math.floor(random() * 6), event).slice(0, -1);
    const summary = paragraph(2, event);
    // About 85 words an item at the median, as in the real-world feeds of ../shared/feeds; one in ten is a long article.
    const long = random() < 0.1 ? `<p>${paragraph(6, event)}</p><p>${paragraph(6, event)}</p>` : '';
    const content = `<p>${summary}</p><p>${paragraph(3, event)}</p>${long}`;
    yield {
      id: `item-${i}`, title, summary, content, source_id: `source-${Math.floor(random() * options.sources)}`,
      published_at: new Date(time).toISOString(), url: `https://example.test/${i}`, event: eventId,
    };
  }
}
