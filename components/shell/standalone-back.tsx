'use client';

import { usePathname, useRouter } from 'next/navigation';
import { startUrl, useStandalone } from '@/lib/client/resume-reading';

/**
 * A Back button for the installed app, whose window has no browser toolbar (iOS has no system
 * Back either). Shown only in standalone display mode; with no page behind it, it goes to the inbox.
 */
export function StandaloneBack() {
  const standalone = useStandalone();
  const router = useRouter();
  const pathname = usePathname();
  if (!standalone) return null;
  const hasHistory = window.history.length > 1;
  if (!hasHistory && pathname === startUrl) return null;
  return (
    <button
      type="button"
      onClick={() => (hasHistory ? router.back() : router.push(startUrl))}
      className="inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-sm font-medium text-ink hover:bg-canvas"
    >
      <span aria-hidden>←</span> Back
    </button>
  );
}
