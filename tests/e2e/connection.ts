import type { BrowserContext, Disposable } from 'playwright-core';

/*
 * The browser's offline switch, as a phone's works. Chromium (150 here) emulates
 * navigator.onLine per document: context.setOffline tells the pages open at the time, but a
 * page loaded or reloaded while offline said it was online, where a real phone's says offline.
 */

/** Marks a document opened while offline, so coming back tells it too. */
const openedOffline = '__tidingsOpenedOffline';
const offlineScripts = new WeakMap<BrowserContext, Disposable>();

/** Cuts (true) or restores (false) the connection of every page of `context`, those opened meanwhile included. */
export async function setContextOffline(context: BrowserContext, offline: boolean): Promise<void> {
  const script = offlineScripts.get(context);
  if (offline && !script) {
    offlineScripts.set(context, await context.addInitScript((mark) => {
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
      Object.defineProperty(window, mark, { value: true, configurable: true });
    }, openedOffline));
  }
  await context.setOffline(offline);
  if (offline || !script) return;
  offlineScripts.delete(context);
  await script.dispose();
  // Chromium tells only the documents it took offline; the others hear it here, as a phone's would.
  await Promise.all(context.pages().map((page) => page.evaluate((mark) => {
    if (!(mark in window)) return;
    delete (window as unknown as Record<string, unknown>)[mark];
    delete (navigator as unknown as Record<string, unknown>).onLine;
    window.dispatchEvent(new Event('online'));
  }, openedOffline).catch(() => {
    // A page closing or navigating has no document left to tell.
  })));
}
