/*
 * When a feed is fetched next: at the pace it publishes (a feed that publishes rarely is asked
 * rarely), never sooner than it asks (<ttl>, sy:updatePeriod, Cache-Control max-age, Expires),
 * within the limits the operator sets; and after failures, backing off or as long as Retry-After says.
 */
import type { ServiceConfig } from '../../context';

const minute = 60_000;
/** The pace of a feed that gives nothing to go by (fewer than two dated items, no hints). */
const defaultInterval = 30 * minute;
/** Items whose dates tell a feed's pace. */
export const PACE_ITEMS = 10;
/**
 * Fetches per typical gap between items: a feed publishing daily is asked every six hours,
 * so a new item waits a quarter of its feed's gap at most.
 */
const FETCHES_PER_GAP = 4;

/** Shortest and longest time between two fetches of a feed that works. */
export type PaceLimits = { shortestMs: number; longestMs: number };

/** The operator's limits (TIDINGS_REFRESH_MIN_INTERVAL and TIDINGS_REFRESH_MAX_INTERVAL, in minutes). */
export function paceLimits(config: Pick<ServiceConfig, 'refreshMinMinutes' | 'refreshMaxMinutes'>): PaceLimits {
  const shortestMs = config.refreshMinMinutes * minute;
  return { shortestMs, longestMs: Math.max(shortestMs, config.refreshMaxMinutes * minute) };
}

/** What a fetch told of a feed's pace. */
export type PaceHints = {
  /** <ttl> or sy:updatePeriod, in minutes. */
  ttlMinutes: number | null;
  /** Cache-Control max-age, or what Expires leaves, in seconds. */
  maxAgeSeconds: number | null;
  /** When the feed's latest items were published (epoch ms, any order). */
  published?: number[];
};

/** The typical time between a feed's items, or since its newest when that is longer; null with fewer than two dates. */
function publishingGap(published: number[], now: number): number | null {
  const dates = published.filter(Number.isFinite).sort((a, b) => b - a).slice(0, PACE_ITEMS);
  if (dates.length < 2) return null;
  const gaps = dates.slice(1).map((date, i) => dates[i] - date).sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)];
  return Math.max(median, now - dates[0]);
}

/** How long until the next fetch after a success. */
export function paceOf(hints: PaceHints, limits: PaceLimits, now = Date.now()): number {
  const asked = Math.max(hints.ttlMinutes ? hints.ttlMinutes * minute : 0, hints.maxAgeSeconds ? hints.maxAgeSeconds * 1000 : 0);
  const gap = publishingGap(hints.published ?? [], now);
  const published = gap === null ? defaultInterval : gap / FETCHES_PER_GAP;
  return Math.min(limits.longestMs, Math.max(limits.shortestMs, asked, published));
}

/** Backoff after the n-th failure in a row (doubling from the shortest interval), or the server's Retry-After when it is longer. */
export function backoff(failures: number, retryAfterSeconds: number | null, limits: PaceLimits): number {
  const exponential = limits.shortestMs * 2 ** Math.min(failures - 1, 8);
  return Math.min(Math.max(limits.longestMs, 24 * 60 * minute), Math.max(exponential, (retryAfterSeconds ?? 0) * 1000));
}
