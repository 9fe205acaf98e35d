'use client';

import { lazy, Suspense, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useShortcuts, type ShortcutAction } from '@/lib/client/shortcuts';
import { useListKeyHandlers, useListKeyLabels } from './list-keys-context';

// The overlay is not needed until someone presses `?`, so it loads then.
const ShortcutsHelp = lazy(() => import('./shortcuts-help').then((module) => ({ default: module.ShortcutsHelp })));

type Props = {
  handlers?: Partial<Record<Exclude<ShortcutAction, 'help'>, () => void>>;
  /** Keys of the page that are not remappable shortcuts (a list's arrows), said under them in the overlay. */
  note?: string;
};

/**
 * The page's keyboard shortcuts plus the shared ones: `/` goes to search (a page may do better,
 * as search itself does), `?` lists those that work here. Inside a ListKeys, the item lists'
 * keys (j/k, o, m, s, v) come too. Every signed-in page renders it, handlers or not.
 */
export function KeyboardShortcuts({ handlers = {}, note }: Props) {
  const [helpOpen, setHelpOpen] = useState(false);
  const router = useRouter();
  const all = { search: () => router.push('/search'), ...useListKeyHandlers(), ...handlers, help: () => setHelpOpen(true) };
  const labels = useListKeyLabels();
  useShortcuts(all);
  if (!helpOpen) return null;
  return (
    <Suspense fallback={null}>
      <ShortcutsHelp actions={Object.keys(all) as ShortcutAction[]} labels={labels} note={note} onClose={() => setHelpOpen(false)} />
    </Suspense>
  );
}
