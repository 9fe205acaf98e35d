'use client';

import dynamic from 'next/dynamic';
import { useStandalone } from '@/lib/client/standalone';

// Its code loads only in the installed app, after hydration: a browser tab never needs it.
const ResumeReading = dynamic(() => import('./resume-reading').then((module) => module.ResumeReading), { ssr: false });

/** Reopening where the person was (./resume-reading), in the installed app only. */
export function ResumeReadingWhenInstalled() {
  return useStandalone() ? <ResumeReading /> : null;
}
