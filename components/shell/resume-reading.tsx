'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import {
  claimColdStart, lastRoute, leaveScrollFor, rememberRoute, restoreList, resumeTarget, type LastRoute,
} from '@/lib/client/resume-reading';
import { isStandalone } from '@/lib/client/standalone';

/** How long scrolling rests before its position is written down. */
const scrollRestMs = 250;

/**
 * In the installed app (standalone display mode): a cold start at start_url goes back to the item
 * the person was reading, at the place they were; every route and its scroll position are
 * remembered as they go. Renders nothing; in a browser tab it does nothing.
 */
export function ResumeReading() {
  const pathname = usePathname() ?? '';
  const router = useRouter();
  const resumingTo = useRef<string | null>(null);
  const resumed = useRef<LastRoute | null>(null);
  const checked = useRef(false);

  // Runs before the recording effect below, so start_url is not written down on the way back.
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    if (!isStandalone() || !claimColdStart()) return;
    const last = lastRoute();
    const target = resumeTarget(pathname + window.location.search, last);
    if (!target || !last) return;
    resumingTo.current = target;
    resumed.current = last;
    leaveScrollFor(target, last.scrollY);
    router.replace(target);
  }, [pathname, router]);

  useEffect(() => {
    if (!isStandalone()) return;
    if (resumingTo.current) {
      if (pathname !== resumingTo.current) return;
      resumingTo.current = null;
      // Once at the item: the inbox the window opened on no longer writes its own list over it.
      if (resumed.current) restoreList(resumed.current);
    }
    const record = () => rememberRoute(pathname + window.location.search, window.scrollY);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(record, scrollRestMs);
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') record();
    };
    record();
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', record);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', record);
    };
  }, [pathname]);

  return null;
}
