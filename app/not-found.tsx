import type { Metadata } from 'next';
import Link from '@/components/shell/intent-link';
import { buttonClass, primaryButtonClass } from '@/components/control-styles';

export const metadata: Metadata = { title: 'Page not found' };

/** Shown for any path no route answers, and when a page calls notFound(). */
export default function NotFound() {
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="mt-3 max-w-prose text-muted">There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <p className="mt-6 flex flex-wrap gap-3">
        <Link href="/inbox" className={`${primaryButtonClass} no-underline`}>
          Go to your inbox
        </Link>
        <Link href="/search" className={`${buttonClass} no-underline`}>
          Search your items
        </Link>
      </p>
    </div>
  );
}
