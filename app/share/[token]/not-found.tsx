import type { Metadata } from 'next';

export const metadata: Metadata = { title: 'Link not found', robots: { index: false, follow: false } };

/** A share link that does not work (unknown, expired, revoked, or its item no longer saved): plainly that. */
export default function ShareLinkNotFound() {
  return (
    <div className="mx-auto max-w-prose">
      <h1 className="text-2xl font-bold">Link not found</h1>
      <p className="mt-3 text-muted">This shared link does not work. It may have expired, or the person who shared it withdrew it.</p>
    </div>
  );
}
