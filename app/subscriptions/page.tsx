import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SubscriptionsView } from '@/components/subscriptions/subscriptions-view';
import { KeyboardShortcuts } from '@/components/keyboard-shortcuts';

export const metadata: Metadata = { title: 'Subscriptions' };

/** Subscriptions: a static frame; the island reads the list's folder, order and kind (and a shared link) from the URL. */
export default function SubscriptionsPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold">Subscriptions</h1>
      <Suspense fallback={<p role="status" className="mt-4 text-muted">Loading subscriptions…</p>}>
        <SubscriptionsView />
      </Suspense>
      <KeyboardShortcuts note="In the list, ↑ and ↓ move between subscriptions, and Tab moves on past the list." />
    </div>
  );
}
