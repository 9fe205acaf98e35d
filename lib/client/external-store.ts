/**
 * Stands in for `use-sync-external-store/shim` in the app's bundles (next.config.mjs aliases it
 * here). SWR imports the shim to support React 17; React 19 has the hook itself, so the shim's
 * fallback was dead code on every page's first load.
 */
export { useSyncExternalStore } from 'react';
