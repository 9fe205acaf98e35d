/**
 * The browser's connection as a jsdom test sets it: navigator.onLine answers `online` (true at
 * first); `reconnect()` sets it and fires the window's online event, as a browser does.
 * Call it once per file, at the top: it redefines navigator.onLine for the whole file.
 */
export function connectionSwitch(): { online: boolean; reconnect(): void } {
  const connection = {
    online: true,
    reconnect() {
      connection.online = true;
      window.dispatchEvent(new Event('online'));
    },
  };
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => connection.online });
  return connection;
}
