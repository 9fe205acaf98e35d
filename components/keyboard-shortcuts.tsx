'use client';

import { lazy, Suspense, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useShortcuts, type ShortcutAction } from '@/lib/client/shortcuts';

// The overlay is not needed until someone presses `?`, so it loads then.
const ShortcutsHelp = lazy(() => import('./shortcuts-help').then((module) => ({ default: module.ShortcutsHelp })));

type Props = { handlers?: Partial<Record<Exclude<ShortcutAction, 'help'>, () => void>> };

/**
 * The page's keyboard shortcuts plus the shared ones: `/` goes to search (a page may do better,
 * as search itself does), `?` lists them all. Every signed-in page renders it, handlers or not.
 */
export function KeyboardShortcuts({ handlers = {} }: Props) {
  const [helpOpen, setHelpOpen] = useState(false);
  const router = useRouter();
  useShortcuts({ search: () => router.push('/search'), ...handlers, help: () => setHelpOpen(true) });
  if (!helpOpen) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsHelp onClose={() => setHelpOpen(false)} />
    </Suspense>
  );
}
