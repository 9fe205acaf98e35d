import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { PlayerHost } from '@/components/player/player-host';
import { AppStyles } from '@/components/shell/app-styles';
import { DeferredBoot } from '@/components/shell/deferred-boot';
import { SiteHeader } from '@/components/shell/site-header';
import { ThemeScript } from '@/components/shell/theme-script';
import { provideAppStyles } from '@/lib/server/app-styles';
import { pageNonce } from '@/lib/server/security-headers';

export const metadata: Metadata = {
  title: { default: 'Tidings', template: '%s · Tidings' },
  description: 'Tidings: news, blogs, newsletters and podcasts in one calm reader.',
  applicationName: 'Tidings',
  icons: {
    icon: [{ url: '/icons/icon.svg', type: 'image/svg+xml' }],
    apple: [{ url: '/icons/icon-192.png', sizes: '192x192' }],
  },
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  colorScheme: 'light dark',
  // Matches the header surface in each theme so the browser chrome blends in.
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#f5f5f3' },
    { media: '(prefers-color-scheme: dark)', color: '#1b1c20' },
  ],
};

/** The frame of every page: theme restore, skip link, header and the main landmark. */
export default async function RootLayout({ children }: { children: ReactNode }) {
  provideAppStyles();
  // Reading the request renders every page per request, as its policy's nonce needs.
  const nonce = pageNonce(await headers());
  return (
    // The theme script may set data-theme before hydration; that difference is expected.
    <html lang="en" suppressHydrationWarning>
      <head>
        <ThemeScript nonce={nonce} />
        <AppStyles nonce={nonce} />
      </head>
      <body className="bg-canvas text-ink antialiased">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl px-3 py-6 focus:outline-none sm:px-4">
          {children}
        </main>
        <DeferredBoot />
        <PlayerHost />
      </body>
    </html>
  );
}
