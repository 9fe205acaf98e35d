/*
 * The sync protocols the embedded service speaks and the apps people use them with: what the
 * "Use with other apps" settings section shows and names keys after.
 */

export type SyncProtocol = 'greader' | 'fever' | 'gpodder';

/** Each protocol's name as apps show it, and its path on this install. */
export const syncProtocols: Record<SyncProtocol, { name: string; path: string }> = {
  greader: { name: 'Google Reader API', path: '/greader' },
  fever: { name: 'Fever', path: '/fever/' },
  gpodder: { name: 'gpodder', path: '/gpodder' },
};

export type SyncApp = {
  name: string;
  /** The protocol the app syncs with; null for "Other", which may use any. */
  protocol: SyncProtocol | null;
  /** Where in the app the server is set, in the app's own words. */
  where: string;
  /** The app is given this site's bare address, not the protocol's: it calls the protocol at the root. */
  atRoot?: boolean;
};

/** The common apps, in the order the app list offers them; "Other" last. */
export const syncApps: SyncApp[] = [
  { name: 'Reeder', protocol: 'greader', where: 'Add Account → FreshRSS (or Google Reader API).' },
  { name: 'NetNewsWire', protocol: 'greader', where: 'Settings → Accounts → Add → FreshRSS.' },
  { name: 'Read You', protocol: 'greader', where: 'Add account → Google Reader API (or FreshRSS).' },
  { name: 'FeedMe', protocol: 'greader', where: 'Add account → FreshRSS.' },
  { name: 'Fluent Reader', protocol: 'greader', where: 'Settings → Services → Google Reader API.' },
  { name: 'NewsFlash', protocol: 'greader', where: 'Add account → FreshRSS.' },
  { name: 'Unread', protocol: 'fever', where: 'Add account → Fever.' },
  { name: 'Fiery Feeds', protocol: 'fever', where: 'Add account → Fever.' },
  {
    name: 'AntennaPod', protocol: 'gpodder', atRoot: true,
    where: 'Settings → Synchronization → gpodder.net, with a custom server: give it this site\'s own address, without /gpodder (AntennaPod calls /api/2/… on the host).',
  },
  { name: 'Kasts', protocol: 'gpodder', where: 'Settings → Synchronization → gpodder.net, with a custom server.' },
  { name: 'Other', protocol: null, where: 'Choose the protocol the app offers: Google Reader API (often listed as FreshRSS), Fever, or gpodder for podcasts.' },
];

/** The name of a key made for an app, saying what it is for: "Reeder (Google Reader API)". */
export function keyNameFor(app: SyncApp): string {
  return app.protocol ? `${app.name} (${syncProtocols[app.protocol].name})` : 'Other app';
}
