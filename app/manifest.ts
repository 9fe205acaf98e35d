import type { MetadataRoute } from 'next';

/*
 * The web app manifest (/manifest.webmanifest). Colours match app/globals.css: the
 * light theme's surface (#f5f5f3, the header) for the browser chrome and its canvas
 * (#ffffff) behind the splash screen.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: '/inbox',
    name: 'Tidings',
    short_name: 'Tidings',
    description: 'News, blogs, newsletters and podcasts in one calm reader, online or not.',
    lang: 'en',
    dir: 'ltr',
    start_url: '/inbox',
    scope: '/',
    display: 'standalone',
    theme_color: '#f5f5f3',
    background_color: '#ffffff',
    categories: ['news', 'books', 'productivity'],
    icons: [
      { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [
      { name: 'Inbox', short_name: 'Inbox', description: 'Your unread items', url: '/inbox', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
      { name: 'Saved', short_name: 'Saved', description: 'Items you saved for later', url: '/inbox?view=saved', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
    ],
    // A link shared from the phone's share sheet opens the subscribe flow (app/share-target).
    share_target: {
      action: '/share-target',
      method: 'GET',
      enctype: 'application/x-www-form-urlencoded',
      params: { title: 'title', text: 'text', url: 'url' },
    },
  };
}
