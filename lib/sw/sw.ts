import { registerEpisodeAudioRoutes } from './episode-audio';
import { registerImageRoutes } from './image-caching';
import { registerItemRoutes } from './item-caching';
import { registerItemWriteRoutes } from './item-writes';
import { manageLifecycle } from './lifecycle';
import { listenForOutboxSync } from './outbox-sync';
import { registerPageRoutes } from './page-caching';
import { precacheAppShell } from './precache';

/*
 * The Tidings service worker, built to public/sw.js by lib/sw/build.ts. One module per
 * concern; the order of routes matters (the first match answers).
 */

manageLifecycle();
precacheAppShell();
registerItemWriteRoutes();
registerEpisodeAudioRoutes();
registerItemRoutes();
registerPageRoutes();
registerImageRoutes();
listenForOutboxSync();
