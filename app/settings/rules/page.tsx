import type { Metadata } from 'next';
import Link from '@/components/shell/intent-link';
import { FirstPartyOnly } from '@/components/settings/first-party-only';
import { RuleSettings } from '@/components/settings/rule-settings';

export const metadata: Metadata = { title: 'Rules' };

/** Settings › Rules: mark read, save, tag or hide the items that match, as they arrive. */
export default function RulesSettingsPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <p className="text-sm">
        <Link href="/settings" className="-ml-1 -my-3 inline-flex min-h-11 items-center px-1">← Settings</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Rules</h1>
      <p className="mt-2 text-muted">
        A rule looks at each new item as it arrives and, when its words or pattern match, marks it read, saves it, tags it
        or hides it. Rules run in the order listed. Preview a rule to see what it matches among your items, and run it once
        over them if you like.
      </p>
      <FirstPartyOnly what="rules">
        <RuleSettings />
      </FirstPartyOnly>
    </div>
  );
}
