import Link from '@/components/shell/intent-link';
import { MainNav } from './main-nav';
import { ResumeReadingWhenInstalled } from './resume-reading-when-installed';
import { SourcesButton } from './sources-button';
import { StandaloneBack } from './standalone-back';

/**
 * The header every page shares, one row at every width from 320 px: the app name (home link), the
 * main navigation, on the inbox at phone widths the Sources button, and in the installed app a Back
 * button and the resume of reading.
 */
export function SiteHeader() {
  return (
    <header className="border-b border-line bg-surface">
      {/* Narrow gaps below md: with them, a 320 px phone's row holds Sources, the icon, Inbox and More. */}
      <div className="mx-auto flex w-full max-w-5xl flex-wrap items-center gap-x-1 gap-y-0 px-2 py-1 sm:px-4 sm:py-2 md:gap-x-4 lg:gap-x-6">
        <StandaloneBack />
        <SourcesButton />
        <Link
          href="/inbox"
          className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md px-1 text-lg font-bold text-ink no-underline"
        >
          {/* eslint-disable-next-line @next/next/no-img-element -- a 24 px SVG gains nothing from next/image */}
          <img src="/icons/icon.svg" alt="" width={24} height={24} />
          {/* Below 400 px the name would push the row onto two lines; the icon stays, and the link keeps its name. */}
          <span className="max-[399px]:sr-only">Tidings</span>
        </Link>
        <MainNav />
      </div>
      <ResumeReadingWhenInstalled />
    </header>
  );
}
