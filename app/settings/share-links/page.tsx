import type { Metadata } from 'next';
import Link from '@/components/shell/intent-link';
import { ShareLinksList } from '@/components/share-links-list';

export const metadata: Metadata = { title: 'Share links' };

/** The person's share links that work now, each with a way to revoke it. */
export default function ShareLinksPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <p className="text-sm">
        <Link href="/settings" className="-ml-1 -my-3 inline-flex min-h-11 items-center px-1">← Settings</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Share links</h1>
      <p className="mt-2 text-muted">
        Anyone with one of these links can read that item without signing in. A link stops working when you revoke it,
        when it expires, or when you unsave its item.
      </p>
      <ShareLinksList />
    </div>
  );
}
