import type { Metadata } from 'next';
import { SubscriptionDetails } from '@/components/subscriptions/subscription-details';

export const metadata: Metadata = { title: 'Subscription' };

/** One subscription's details, settings and items; it loads in the client island (its name then titles the page). */
export default async function SubscriptionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <div className="mx-auto max-w-3xl">
      <SubscriptionDetails key={id} id={id} />
    </div>
  );
}
