import type { Metadata } from 'next';
import Link from '@/components/shell/intent-link';
import { FirstPartyOnly } from '@/components/settings/first-party-only';
import { TagSettings } from '@/components/settings/tag-settings';

export const metadata: Metadata = { title: 'Tags' };

/** Settings › Tags: rename, merge and delete the account's tags. */
export default function TagsSettingsPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <p className="text-sm">
        <Link href="/settings" className="-ml-1 -my-3 inline-flex min-h-11 items-center px-1">← Settings</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Tags</h1>
      <p className="mt-2 text-muted">
        Renaming a tag changes it on every item that has it. Merging moves a tag’s items to another tag. Deleting a tag
        takes it off its items; the items stay.
      </p>
      <FirstPartyOnly what="tags">
        <TagSettings />
      </FirstPartyOnly>
    </div>
  );
}
