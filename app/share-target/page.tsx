import type { Metadata } from 'next';
import Link from '@/components/shell/intent-link';
import { redirect } from 'next/navigation';
import { sharedLink } from '@/lib/client/shared-link';

export const metadata: Metadata = { title: 'Subscribe to a shared link' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function first(value: string | string[] | undefined): string | null {
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/**
 * Where the phone's share sheet sends a link (the manifest's share_target): the link
 * goes on to the subscribe flow; a share without a web address says so.
 */
export default async function ShareTargetPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const link = sharedLink({ url: first(params.url), text: first(params.text), title: first(params.title) });
  if (link) redirect(`/subscriptions?subscribe=${encodeURIComponent(link)}`);
  return (
    <div className="max-w-prose">
      <h1 className="text-2xl font-bold">Nothing to subscribe to</h1>
      <p className="mt-3 text-muted">What was shared with Tidings holds no web address. Share a page or a feed link to subscribe to it.</p>
      <p className="mt-6">
        <Link href="/subscriptions" className="font-medium underline">Go to your subscriptions</Link>
      </p>
    </div>
  );
}
