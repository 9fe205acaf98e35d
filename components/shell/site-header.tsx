import Link from '@/components/shell/intent-link';
import { MainNav } from './main-nav';
import { ResumeReading } from './resume-reading';
import { SourcesButton } from './sources-button';
import { StandaloneBack } from './standalone-back';

/**
 * The header every page shares: the app name (home link), the main navigation, on the inbox at
 * phone widths the Sources button, and in the installed app a Back button and the resume of reading.
 */
export function SiteHeader() {
  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex w-full max-w-5xl flex-wrap items-center gap-x-6 gap-y-0 px-2 py-1 sm:px-4 sm:py-2">
        <StandaloneBack />
        <SourcesButton />
        <Link
          href="/inbox"
          className="inline-flex min-h-11 items-center gap-2 rounded-md px-1 text-lg font-bold text-ink no-underline"
        >
          {/* eslint-disable-next-line @next/next/no-img-element -- a 24 px SVG gains nothing from next/image */}
          <img src="/icons/icon.svg" alt="" width={24} height={24} />
          Tidings
        </Link>
        <MainNav />
      </div>
      <ResumeReading />
    </header>
  );
}
