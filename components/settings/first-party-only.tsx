'use client';

import type { ReactNode } from 'react';
import { useCapabilities } from '@/lib/client/capabilities';

/**
 * Shows `children` only against the embedded service, whose first-party operations they use;
 * against a hosted service it says where `what` is managed instead of showing broken forms.
 */
export function FirstPartyOnly({ what, children }: { what: string; children: ReactNode }) {
  const { capabilities, firstParty, isLoading, error } = useCapabilities();
  if (isLoading) return <p role="status" className="mt-4 text-muted">Loading…</p>;
  if (firstParty) return children;
  return (
    <p className="mt-4 text-muted">
      {capabilities?.mode === 'remote' || !error
        ? `This app reads from a hosted service with your API key: your ${what} are managed on that service’s own site.`
        : `Your ${what} could not be loaded; reload the page to try again.`}
    </p>
  );
}
