/**
 * Turns the demo material into items as ingestion would hand them over: sanitized HTML
 * content, plain-text summaries, dates spread over the last ~60 days. Deterministic: every
 * choice comes from a PRNG seeded by the source and the item's number.
 */
import type { NewItem } from '../domain/feeds/store-items';
import { escapeHtml, sanitizeContent } from '../ingest/sanitize';
import type { DemoSource } from './demo-content';
import { demoArtworkUrl, demoAudioSeconds, demoAudioUrl } from './demo-media';

const dayMs = 86_400_000;
/** How far back the demo reaches. */
export const demoSpanDays = 60;

/** A small seeded pseudo-random source (mulberry32): same seed, same sequence. */
export type Random = {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  /** `count` distinct entries of `list` in random order. */
  sample<T>(list: readonly T[], count: number): T[];
  chance(probability: number): boolean;
};

/** A PRNG for a seed string. */
export function seededRandom(seed: string): Random {
  let state = 2166136261;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 16777619);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    sample: (list, count) => {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, count);
    },
    chance: (probability) => next() < probability,
  };
  return random;
}

/** The stable guid of a demo item: how the seed recognises its own items. */
export function demoGuid(source: DemoSource, number: number): string {
  return `tidings-demo:${source.key}:${number}`;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, slot: string) => values[slot] ?? slot);
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function slug(text: string): string {
  return text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
}

/** When item `index` (0 = newest) of a source was published: daily sources at random hours, the newsletter on Sundays, the podcast every five days. */
function publishedMs(source: DemoSource, index: number, random: Random, now: number): number {
  const today = Math.floor(now / dayMs) * dayMs;
  if (source.sourceType === 'newsletter') {
    const weekday = new Date(today).getUTCDay();
    const lastSunday = today - (weekday === 0 ? 7 : weekday) * dayMs;
    return lastSunday + 7 * 3_600_000 - index * 7 * dayMs;
  }
  if (source.sourceType === 'podcast') return today - (index * 5 + 1) * dayMs + 5 * 3_600_000;
  const ageDays = ((index + random.next()) / source.count) * (demoSpanDays - 1);
  // Round to the minute so a re-run computes the same instants within the same minute.
  return Math.floor((now - ageDays * dayMs) / 60_000) * 60_000;
}

type Draft = {
  number: number; title: string; values: Record<string, string>; random: Random; published: number;
  /** Five distinct middle sentences: the summary takes the first, the body the rest. */
  middles: string[];
};

function draft(source: DemoSource, index: number, used: Set<string>, now: number): Draft {
  const number = source.count - index;
  const random = seededRandom(`${source.key}:${number}`);
  let values: Record<string, string> = {};
  let title = '';
  for (let attempt = 0; attempt < 30 && (!title || used.has(title)); attempt++) {
    values = Object.fromEntries(Object.entries(source.slots).map(([slot, list]) => [slot, random.pick(list)]));
    title = capitalised(fill(random.pick(source.titles), values));
  }
  used.add(title);
  if (source.sourceType === 'newsletter') title = `Issue ${number}: ${title}`;
  if (source.sourceType === 'podcast') title = `${number}. ${title}`;
  const middles = random.sample(source.middles, 5).map((sentence) => fill(sentence, values));
  return { number, title, values, random, published: publishedMs(source, index, random, now), middles };
}

function body(source: DemoSource, item: Draft, summary: string): string {
  const { random, values } = item;
  const text = (template: string) => escapeHtml(fill(template, values));
  const [m1, m2, m3, m4] = item.middles.slice(1).map(escapeHtml);
  // Episode chapters keep their order; article lists are a random few.
  const list = source.podcast ? source.listItems : random.sample(source.listItems, random.int(3, Math.min(5, source.listItems.length)));
  const [heading, otherHeading] = random.sample(source.headings, 2);
  const link = random.pick([
    // "the The Riverside Courier archive" would read as a slip: a title with its own article keeps it alone.
    `More like this in <a href="${source.website}/archive">${/^the /i.test(source.title) ? '' : 'the '}${escapeHtml(source.title)} archive</a>.`,
    `This piece follows <a href="archive#${Math.max(1, item.number - 1)}">an earlier one</a> on the same subject.`,
    `Sources and further reading are on <a href="${source.website}/notes/${item.number}">the notes page</a>.`,
  ]);
  return [
    `<p>${escapeHtml(summary)} ${m1}</p>`,
    `<h2>${escapeHtml(heading)}</h2>`,
    `<p>${m2} ${m3}</p>`,
    `<p>${text(random.pick(source.listIntros))}</p>`,
    `<ul>${list.map((entry) => `<li>${text(entry)}</li>`).join('')}</ul>`,
    `<h3>${escapeHtml(otherHeading ?? heading)}</h3>`,
    `<p>${m4} ${text(random.pick(source.closers))}</p>`,
    `<p>${link}</p>`,
  ].join('\n');
}

function episodeFields(source: DemoSource, item: Draft): Partial<NewItem> {
  // The audio is a few seconds of tones made by code (demo-media.ts), so the duration is its own, not a real show's.
  const duration = demoAudioSeconds;
  // Stored as ingest stores Podlove simple chapters: a start in seconds and a title.
  const chapters = source.listItems.map((title, index) => ({ start: Math.floor((duration * index) / source.listItems.length), title }));
  return {
    item_type: 'episode', audio_url: demoAudioUrl(source.key, item.number), duration_seconds: duration,
    artwork_url: demoArtworkUrl(source.key), episode_number: item.number, episode_type: 'full', explicit: false, platform_metadata: { chapters },
  };
}

function drafts(source: DemoSource, now: number): Draft[] {
  const used = new Set<string>();
  return Array.from({ length: source.count }, (_, index) => draft(source, index, used, now));
}

const minuteMs = 60_000;

/**
 * The events a retelling source reports: the newest of the other source's items whose title names
 * its place and topic, and whose place no other item of that source names within three days,
 * so each story the demo makes is plainly about one event.
 */
function reportableEvents(events: Draft[], count: number): Draft[] {
  const apart = 3 * dayMs;
  return events.filter((event) => {
    const { place, topic } = event.values;
    if (!place || !topic || !event.title.includes(place) || !event.title.includes(topic)) return false;
    return !events.some((other) => other !== event && other.values.place === place && Math.abs(other.published - event.published) < apart);
  }).slice(0, count);
}

/**
 * Drafts of a source that reports another's events: each takes the event's slot values and is
 * published a few hours after it (or before, when after would be in the future), in its own words.
 */
function retoldDrafts(source: DemoSource, retold: DemoSource, now: number): Draft[] {
  return reportableEvents(drafts(retold, now), source.count).map((event) => {
    const random = seededRandom(`${source.key}:${event.number}`);
    const values = { ...event.values, bodyMid: (event.values.body ?? '').replace(/^./, (c) => c.toLowerCase()) };
    const delay = random.int(2 * 60, 9 * 60) * minuteMs;
    const published = event.published + delay <= now - 10 * minuteMs ? event.published + delay : event.published - delay;
    const middles = random.sample(source.middles, 5).map((sentence) => fill(sentence, values));
    return { number: event.number, title: capitalised(fill(random.pick(source.titles), values)), values, random, published, middles };
  });
}

/** The items of one demo source, newest first, ready for storeItems. */
export function demoItems(source: DemoSource, now = Date.now()): NewItem[] {
  const items = source.retells ? retoldDrafts(source, source.retells, now) : drafts(source, now);
  return items.map((item) => {
    const summary = `${fill(item.random.pick(source.openers), item.values)} ${item.middles[0]}`;
    const content = sanitizeContent(body(source, item, summary), `${source.website}/`);
    const path = source.sourceType === 'podcast' ? `episodes/${item.number}`
      : source.sourceType === 'newsletter' ? `issues/${item.number}`
      : `${new Date(item.published).toISOString().slice(0, 7).replace('-', '/')}/${slug(item.title)}`;
    const base: NewItem = {
      guid: demoGuid(source, item.number), url: `${source.website}/${path}`, title: item.title,
      published_at: new Date(item.published).toISOString(), author: item.random.pick(source.authors), summary, content,
      item_type: 'article', media_url: null, audio_url: null, duration_seconds: null, episode_number: null, episode_type: null,
      explicit: null, artwork_url: null, description: null, platform_metadata: {},
    };
    if (!source.podcast) return base;
    return { ...base, ...episodeFields(source, item), description: summary };
  });
}
