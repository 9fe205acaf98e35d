'use client';

import type { ReactNode } from 'react';
import { SWRConfig, useSWRConfig } from 'swr';

/**
 * Hands data loaded on the server to the SWR hooks below, under their own keys: as
 * `fallback` for the server render and hydration, and in the browser also into the cache
 * (where nothing newer is kept), before the hooks first read it, so optimistic changes
 * and "mark all" find the seeded lists and items from the first click, not only after
 * SWR's revalidation on mount. Never into the cache on the server: it is shared by requests.
 */
export function SeededSWR({ seed, children }: { seed: Record<string, unknown>; children: ReactNode }) {
  const { cache } = useSWRConfig();
  if (typeof window !== 'undefined') {
    for (const [key, data] of Object.entries(seed)) {
      const kept = cache.get(key);
      if (kept?.data === undefined) cache.set(key, { ...kept, data });
    }
  }
  return <SWRConfig value={{ fallback: seed }}>{children}</SWRConfig>;
}
