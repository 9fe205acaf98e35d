import type { Metadata } from 'next';
import Link from '@/components/shell/intent-link';
import { FirstPartyOnly } from '@/components/settings/first-party-only';
import { SavedSearchSettings } from '@/components/settings/saved-search-settings';

export const metadata: Metadata = { title: 'Saved searches' };

/** Settings › Saved searches: rename and delete the account's saved searches. */
export default function SavedSearchesSettingsPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <p className="text-sm">
        <Link href="/settings" className="-ml-1 -my-3 inline-flex min-h-11 items-center px-1">← Settings</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Saved searches</h1>
      <p className="mt-2 text-muted">Save a search from the search page; here you can rename or delete the ones you keep.</p>
      <FirstPartyOnly what="saved searches">
        <SavedSearchSettings />
      </FirstPartyOnly>
    </div>
  );
}
