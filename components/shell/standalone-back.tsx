'use client';

import { usePathname, useRouter } from 'next/navigation';
import { startUrl, useStandalone } from '@/lib/client/standalone';
import { ArrowLeftIcon } from 'lucide-react';
import { ButtonIcon } from '@/components/button-icon';

/**
 * Whether the window has an earlier page of the app to go back to, asked when Back is pressed:
 * during a render the router may not have added the page being shown yet, and history.length
 * also counts pages ahead. The Navigation API knows; without it, history.length is the guess.
 */
function hasPageBehind(): boolean {
  const navigation = (window as { navigation?: { canGoBack?: boolean } }).navigation;
  return typeof navigation?.canGoBack === 'boolean' ? navigation.canGoBack : window.history.length > 1;
}

/**
 * A Back button for the installed app, whose window has no browser toolbar (iOS has no system
 * Back either). Shown only in standalone display mode and away from the inbox, the app's home;
 * with no page behind it, it goes to the inbox.
 */
export function StandaloneBack() {
  const standalone = useStandalone();
  const router = useRouter();
  const pathname = usePathname();
  if (!standalone || pathname === startUrl) return null;
  return (
    <button
      type="button"
      onClick={() => (hasPageBehind() ? router.back() : router.push(startUrl))}
      className="inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-sm font-medium text-ink hover:bg-canvas"
    >
      <ButtonIcon icon={ArrowLeftIcon} />Back
    </button>
  );
}
