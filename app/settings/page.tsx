import type { Metadata } from 'next';
import { AppearanceSettings, ReadingSettings } from '@/components/settings/appearance-settings';
import { LocalSettings } from '@/components/settings/local-settings';
import { ShortcutSettings } from '@/components/settings/shortcut-settings';
import { SignOutButton } from '@/components/session/sign-out-button';
import Link from '@/components/shell/intent-link';
import { KeyboardShortcuts } from '@/components/keyboard-shortcuts';

export const metadata: Metadata = { title: 'Settings' };

const panel = 'rounded-lg border border-line p-4';

/** Settings: this device's appearance, reading and keys, links to tags, saved searches and rules, then (local mode) plan, API keys and read-later links. */
export default function SettingsPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">Settings</h1>
      <section aria-labelledby="appearance-heading" className={panel}>
        <h2 id="appearance-heading" className="mb-3 text-xl font-semibold">Appearance</h2>
        <AppearanceSettings />
      </section>
      <section aria-labelledby="reading-heading" className={panel}>
        <h2 id="reading-heading" className="mb-3 text-xl font-semibold">Reading</h2>
        <ReadingSettings />
      </section>
      <section aria-labelledby="shortcuts-heading" className={panel}>
        <h2 id="shortcuts-heading" className="mb-3 text-xl font-semibold">Keyboard shortcuts</h2>
        <ShortcutSettings />
      </section>
      <section aria-labelledby="organising-heading" className={panel}>
        <h2 id="organising-heading" className="mb-3 text-xl font-semibold">Organising</h2>
        <ul className="space-y-2">
          <li><Link href="/settings/tags" className="font-medium underline">Tags</Link>: rename, merge or delete them.</li>
          <li><Link href="/settings/saved-searches" className="font-medium underline">Saved searches</Link>: rename or delete them.</li>
          <li><Link href="/settings/rules" className="font-medium underline">Rules</Link>: mark read, save, tag or hide what arrives.</li>
        </ul>
      </section>
      <LocalSettings />
      <section aria-labelledby="account-heading" className={panel}>
        <h2 id="account-heading" className="mb-3 text-xl font-semibold">This device</h2>
        <p className="mb-3">
          <Link href="/settings/share-links" className="font-medium underline">Share links</Link> you made for saved items.
        </p>
        <SignOutButton />
      </section>
      <KeyboardShortcuts />
    </div>
  );
}
