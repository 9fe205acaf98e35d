'use client';

import { lazy, Suspense, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useShortcuts, type ShortcutAction } from '@/lib/client/shortcuts';

// The overlay is not needed until someone presses `?`, so it loads then.
const ShortcutsHelp = lazy(() => import('./shortcuts-help').then((module) => ({ default: module.ShortcutsHelp })));

type Props = { handlers: Partial<Record<Exclude<ShortcutAction, 'search' | 'help'>, () => void>> };

/** The page's keyboard shortcuts plus the shared ones: `/` goes to search, `?` lists them all. */
export function KeyboardShortcuts({ handlers }: Props) {
  const [helpOpen, setHelpOpen] = useState(false);
  const router = useRouter();
  useShortcuts({ ...handlers, search: () => router.push('/search'), help: () => setHelpOpen(true) });
  if (!helpOpen) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsHelp onClose={() => setHelpOpen(false)} />
    </Suspense>
  );
}
