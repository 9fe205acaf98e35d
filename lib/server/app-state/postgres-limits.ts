import 'server-only';
import { query } from './postgres';

/*
 * Counts behind the sign-in and share-visit limits in PostgreSQL, so every app node spends
 * the same budget: two nodes together allow what one did. Each count is one row of
 * limit_counters, changed by one atomic INSERT … ON CONFLICT … DO UPDATE … RETURNING, so
 * concurrent requests on any node never lose a count. Two kinds of count:
 * - windowed: per fixed window of `windowMs`; a rate over the last window is read as the
 *   current window's count plus the previous one's weighted by how much of it still lies
 *   within the last `windowMs` (the usual sliding-window estimate);
 * - a streak: one row (window_start 0) that counts until `idleMs` pass without a hit;
 * - a sliding window: one row (window_start 0) holding the times of the hits it let through
 *   within the last window, exact where the windowed estimate is not (the service's key limit).
 * Rows carry when they may go; expired ones are swept at most once a minute per process.
 */

/** A windowed count as read: the estimate over the last window, and when the current window ends. */
export type WindowedCount = { count: number; windowEndsAt: number };

/** A sliding window's answer: whether the hit was let through, and when the window next has room (ms). */
export type SlidingHit = { allowed: boolean; roomAt: number; now: number };

/** A streak as read: how many hits in a row, and the last one's time (0 for none). */
export type Streak = { count: number; lastAt: number };

const sweepEveryMs = 60_000;
let sweptAt = 0;

async function sweep(url: string, now: number): Promise<void> {
  if (now >= sweptAt && now - sweptAt < sweepEveryMs) return;
  sweptAt = now;
  await query(url, 'DELETE FROM limit_counters WHERE expires_at <= $1', [now]);
}

function estimate(current: number, previous: number, windowStart: number, windowMs: number, now: number): number {
  const overlap = 1 - (now - windowStart) / windowMs;
  return current + Math.floor(previous * overlap);
}

/** Counts one hit of `name` in its window at `now`; answers the estimate over the last window, this hit included. */
export async function hitWindow(url: string, name: string, windowMs: number, now: number): Promise<WindowedCount> {
  await sweep(url, now);
  const windowStart = now - (now % windowMs);
  const { rows } = await query<{ current: number; previous: number }>(url, `WITH hit AS (
      INSERT INTO limit_counters (name, window_start, count, last_at, expires_at) VALUES ($1, $2, 1, $3, $2 + 2 * $4::bigint)
      ON CONFLICT (name, window_start) DO UPDATE SET count = limit_counters.count + 1, last_at = GREATEST(limit_counters.last_at, excluded.last_at)
      RETURNING count)
    SELECT (SELECT count FROM hit) AS current,
      COALESCE((SELECT count FROM limit_counters WHERE name = $1 AND window_start = $2 - $4::bigint), 0) AS previous`,
  [name, windowStart, now, windowMs]);
  return { count: estimate(rows[0]!.current, rows[0]!.previous, windowStart, windowMs, now), windowEndsAt: windowStart + windowMs };
}

/** The estimate of `name`'s hits over the last window at `now`, without counting one. */
export async function readWindow(url: string, name: string, windowMs: number, now: number): Promise<WindowedCount> {
  const windowStart = now - (now % windowMs);
  const { rows } = await query<{ window_start: number; count: number }>(url,
    'SELECT window_start, count FROM limit_counters WHERE name = $1 AND window_start IN ($2, $2 - $3::bigint)', [name, windowStart, windowMs]);
  const current = rows.find((row) => row.window_start === windowStart)?.count ?? 0;
  const previous = rows.find((row) => row.window_start !== windowStart)?.count ?? 0;
  return { count: estimate(current, previous, windowStart, windowMs, now), windowEndsAt: windowStart + windowMs };
}

/** Counts one more hit of a streak, which starts over after `idleMs` without one; answers the streak with this hit. */
export async function hitStreak(url: string, name: string, idleMs: number, now: number): Promise<Streak> {
  await sweep(url, now);
  const { rows } = await query<{ count: number; last_at: number }>(url, `INSERT INTO limit_counters (name, window_start, count, last_at, expires_at)
      VALUES ($1, 0, 1, $2, $2 + $3::bigint)
    ON CONFLICT (name, window_start) DO UPDATE SET
      count = CASE WHEN excluded.last_at - limit_counters.last_at >= $3::bigint OR excluded.last_at < limit_counters.last_at THEN 1 ELSE limit_counters.count + 1 END,
      last_at = excluded.last_at, expires_at = excluded.expires_at
    RETURNING count, last_at`, [name, now, idleMs]);
  return { count: rows[0]!.count, lastAt: rows[0]!.last_at };
}

/** A streak at `now`: empty when it ended (`idleMs` passed, or its last hit lies ahead of a clock set back). */
export async function readStreak(url: string, name: string, idleMs: number, now: number): Promise<Streak> {
  const { rows } = await query<{ count: number; last_at: number }>(url, 'SELECT count, last_at FROM limit_counters WHERE name = $1 AND window_start = 0', [name]);
  const row = rows[0];
  if (!row || now < row.last_at || now - row.last_at >= idleMs) return { count: 0, lastAt: 0 };
  return { count: row.count, lastAt: row.last_at };
}

/** Ends a streak (or a mark) at once. */
export async function endStreak(url: string, name: string): Promise<void> {
  await query(url, 'DELETE FROM limit_counters WHERE name = $1 AND window_start = 0', [name]);
}

/**
 * Lets a hit of `name` through when fewer than `limit` went through in the last `windowMs`, and
 * counts it; one statement, so the row's lock orders concurrent hits from every node. Times are
 * the database's clock, one clock for all nodes, so a node whose clock is off cannot stretch or
 * shrink the window of the others.
 */
export async function hitSlidingWindow(url: string, name: string, limit: number, windowMs: number): Promise<SlidingHit> {
  // The sweep uses this process's clock: off by a few seconds, it only forgets a window a little early.
  await sweep(url, Date.now());
  // `count` is this hit's place among the hits of the window (allowed when within the limit), and
  // `times` keeps only what was let through, oldest first: a key that keeps asking is not held back for ever.
  const { rows } = await query<{ count: number; oldest: number; now: number }>(url, `WITH clock AS (
      SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS now),
    hit AS (
      INSERT INTO limit_counters AS counter (name, window_start, count, last_at, expires_at, times)
        SELECT $1, 0, 1, now, now + $3::bigint, ARRAY[now] FROM clock
      ON CONFLICT (name, window_start) DO UPDATE SET
        count = (SELECT count(*) + 1 FROM unnest(counter.times) AS t WHERE t > excluded.last_at - $3::bigint),
        times = (SELECT CASE WHEN count(*) < $2::bigint THEN COALESCE(array_agg(t ORDER BY t), '{}') || excluded.last_at ELSE array_agg(t ORDER BY t) END
          FROM unnest(counter.times) AS t WHERE t > excluded.last_at - $3::bigint),
        last_at = excluded.last_at, expires_at = excluded.expires_at
      RETURNING count, times[1] AS oldest)
    SELECT hit.count, hit.oldest, clock.now FROM hit, clock`, [name, limit, windowMs], 'hit-sliding-window');
  const { count, oldest, now } = rows[0]!;
  return { allowed: count <= limit, roomAt: oldest + windowMs, now };
}
