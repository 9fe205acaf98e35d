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
 * - a streak: one row (window_start 0) that counts until `idleMs` pass without a hit.
 * Rows carry when they may go; expired ones are swept at most once a minute per process.
 */

/** A windowed count as read: the estimate over the last window, and when the current window ends. */
export type WindowedCount = { count: number; windowEndsAt: number };

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
