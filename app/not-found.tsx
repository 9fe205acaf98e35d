import type { Metadata } from 'next';
import Link from '@/components/shell/intent-link';

export const metadata: Metadata = { title: 'Page not found' };

/** Shown for any path no route answers, and when a page calls notFound(). */
export default function NotFound() {
  return (
    <div className="max-w-prose">
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="mt-3 text-muted">There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <p className="mt-6">
        <Link href="/inbox" className="font-medium underline">
          Go to your inbox
        </Link>
      </p>
    </div>
  );
}
