import type { Metadata } from 'next';
import { OfflineFallback } from '@/components/offline/offline-fallback';

export const metadata: Metadata = { title: 'Offline' };

/**
 * What the service worker shows for a page it has no copy of while there is no
 * connection. On a reader address (/items/…) it becomes the reader shell and shows
 * the item from the offline copy; elsewhere it points to what is kept offline.
 */
export default function OfflinePage() {
  return <OfflineFallback />;
}
