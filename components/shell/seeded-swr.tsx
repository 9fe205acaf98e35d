'use client';

import type { ReactNode } from 'react';
import { SWRConfig, useSWRConfig } from 'swr';

/** A page of a list as the fetcher returns it: `loadedAt` says when, not what. */
type Stamped = { loadedAt: unknown; data: unknown };

function isStamped(value: unknown): value is Stamped {
  return typeof value === 'object' && value !== null && 'loadedAt' in value && 'data' in value;
}

/** The value without the pages' load times, so two loads of the same items compare equal. */
function unstamped(value: unknown): unknown {
  if (isStamped(value)) return { ...value, loadedAt: null };
  if (Array.isArray(value) && value.length > 0 && value.every(isStamped)) return value.map(unstamped);
  return value;
}

/**
 * Hands data loaded on the server to the SWR hooks below, under their own keys: as
 * `fallback` for the server render and hydration, and in the browser also into the cache
 * (where nothing newer is kept), before the hooks first read it, so optimistic changes
 * and "mark all" find the seeded lists and items from the first click, not only after
 * SWR's revalidation on mount. Never into the cache on the server: it is shared by requests.
 */
export function SeededSWR({ seed, children }: { seed: Record<string, unknown>; children: ReactNode }) {
  const { cache, compare } = useSWRConfig();
  if (typeof window !== 'undefined') {
    for (const [key, data] of Object.entries(seed)) {
      const kept = cache.get(key);
      if (kept?.data === undefined) cache.set(key, { ...kept, data });
    }
  }
  // SWR revalidates the seeded data on mount; the answer differs from the seed only in its load
  // time when nothing changed, and replacing it would render the whole list again right after
  // hydration for nothing. Same items, same data.
  // Pages of a list (unstamped gave copies) are the service's JSON as parsed, so their text compares them:
  // the browser's JSON.stringify is several times cheaper than a deep walk of 50 items, and this runs
  // on the main thread as soon as the revalidation on mount answers, while the page still loads.
  const same = (a: unknown, b: unknown) => {
    if (a === b) return true;
    const x = unstamped(a);
    const y = unstamped(b);
    return x !== a && y !== b ? JSON.stringify(x) === JSON.stringify(y) : compare(x, y);
  };
  return <SWRConfig value={{ fallback: seed, compare: same }}>{children}</SWRConfig>;
}
