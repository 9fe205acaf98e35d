'use client';

import Link from '@/components/shell/intent-link';
import { useSyncExternalStore } from 'react';
import { ItemReader } from '@/components/reader/item-reader';
import { buttonClass, primaryButtonClass } from '@/components/control-styles';

const readerPath = /^\/items\/([0-9a-f-]{36})\/?$/i;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
}

/** The address the person asked for (the worker answers it with this page), not /offline. */
function requestedItemId(): string | null {
  return readerPath.exec(window.location.pathname)?.[1] ?? null;
}

/** The offline page's body: the reader shell for an item address, else a short explanation. */
export function OfflineFallback() {
  const itemId = useSyncExternalStore(subscribe, requestedItemId, () => null);
  if (itemId) return <ItemReader key={itemId} id={itemId} />;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold">You are offline</h1>
      <p className="mt-3 max-w-prose text-muted">
        This page has not been kept for reading offline. Your inbox, your saved items and every item you
        opened are; changes you make are kept and sent when the connection returns.
      </p>
      <p className="mt-6 flex flex-wrap gap-3">
        <Link href="/inbox" className={`${primaryButtonClass} no-underline`}>Go to your inbox</Link>
        <Link href="/inbox?view=saved" className={`${buttonClass} no-underline`}>Saved items</Link>
      </p>
    </div>
  );
}
