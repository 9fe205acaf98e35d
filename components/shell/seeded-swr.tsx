'use client';

import type { ReactNode } from 'react';
import { SWRConfig, unstable_serialize, useSWRConfig, type Cache, type Key, type Middleware } from 'swr';
import { unstable_serialize as serializeInfinite, type SWRInfiniteKeyLoader } from 'swr/infinite';

/** A page of a list as the fetcher returns it: `loadedAt` says when, not what. */
type Stamped = { loadedAt: unknown; data: unknown };

/** How long after the server loaded a seed the browser takes it as current, without asking again. */
export const seedFreshForMs = 10_000;

function isStamped(value: unknown): value is Stamped {
  return typeof value === 'object' && value !== null && 'loadedAt' in value && 'data' in value;
}

/** The value without the pages' load times, so two loads of the same items compare equal. */
function unstamped(value: unknown): unknown {
  if (isStamped(value)) return { ...value, loadedAt: null };
  if (Array.isArray(value) && value.length > 0 && value.every(isStamped)) return value.map(unstamped);
  return value;
}

/** A hook's key as the cache holds it; only lists (useSWRInfinite) key by a function here. */
function cacheKeyOf(key: Key): string {
  return typeof key === 'function' ? serializeInfinite(key as unknown as SWRInfiniteKeyLoader) : unstable_serialize(key);
}

/**
 * Seeded hooks do not ask again on mount while the seed is fresh and is what the cache holds: the
 * server loaded it moments ago, and asking again right after hydration only added main-thread work
 * and requests while the page was becoming usable. A copy kept by the service worker (offline, or
 * a late network) is old, and so is a seed when the two clocks disagree: those are asked again, as
 * is a key whose cache kept something else.
 */
function skipMountRevalidation(seed: Record<string, unknown>, servedAt: number, cache: Cache): Middleware {
  return (useSWRNext) => (key, fetcher, config) => {
    const cacheKey = cacheKeyOf(key);
    const fresh = Math.abs(Date.now() - servedAt) < seedFreshForMs && cacheKey in seed && cache.get(cacheKey)?.data === seed[cacheKey];
    return useSWRNext(key, fetcher, fresh ? { ...config, revalidateOnMount: false } : config);
  };
}

/**
 * Hands data loaded on the server to the SWR hooks below, under their own keys: as
 * `fallback` for the server render and hydration, and in the browser also into the cache
 * (where nothing newer is kept), before the hooks first read it, so optimistic changes
 * and "mark all" find the seeded lists and items from the first click, not only after a
 * revalidation. Never into the cache on the server: it is shared by requests. `servedAt`
 * (ms since the epoch) says when the server loaded the seed; without it, hooks revalidate on mount.
 */
export function SeededSWR({ seed, servedAt, children }: { seed: Record<string, unknown>; servedAt?: number; children: ReactNode }) {
  const { cache, compare } = useSWRConfig();
  const browser = typeof window !== 'undefined';
  if (browser) {
    for (const [key, data] of Object.entries(seed)) {
      const kept = cache.get(key);
      if (kept?.data === undefined) cache.set(key, { ...kept, data });
    }
  }
  // A revalidation's answer differs from the seed only in its load time when nothing changed,
  // and replacing it would render the whole list again for nothing. Same items, same data.
  const value = {
    fallback: seed,
    compare: (a: unknown, b: unknown) => compare(unstamped(a), unstamped(b)),
    ...(browser && servedAt !== undefined ? { use: [skipMountRevalidation(seed, servedAt, cache)] } : {}),
  };
  return <SWRConfig value={value}>{children}</SWRConfig>;
}
