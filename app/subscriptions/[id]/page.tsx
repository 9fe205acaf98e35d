import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { SubscriptionDetails } from '@/components/subscriptions/subscription-details';
import { Uuid } from '@/lib/contract/common';

export const metadata: Metadata = { title: 'Subscription' };

/** One subscription's details, settings and items; it loads in the client island (its name then titles the page). */
export default async function SubscriptionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // A cut-off or mistyped link is a page that does not exist, not "Some details need fixing: subscription_id must be a UUID".
  if (!Uuid.safeParse(id).success) notFound();
  return (
    <div className="mx-auto max-w-3xl">
      <SubscriptionDetails key={id} id={id} />
    </div>
  );
}
