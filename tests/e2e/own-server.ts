import { afterAll, afterEach, beforeAll } from 'vitest';
import { RelayedBrowser, startDedicatedServer } from './offline-helpers';

/*
 * The hooks of journeys that change things, so run on a server of their own (leaving the suite's
 * demo data as it was), often through a browser relayed to it whose wire the test can cut.
 */

type DedicatedServer = Awaited<ReturnType<typeof startDedicatedServer>>;

/**
 * A server of the file's (or describe block's) own, started before its tests with `extraEnv`
 * and stopped after them; the function answers it once started.
 */
export function ownServer(extraEnv: Record<string, string> = {}): () => DedicatedServer {
  let server: DedicatedServer | undefined;
  beforeAll(async () => {
    server = await startDedicatedServer(extraEnv);
  });
  afterAll(async () => {
    await server?.stop();
  });
  return () => server!;
}

/** The relayed browser a test starts, ended after it, passed or failed. */
export function relayedBrowserPerTest(): RelayedBrowser {
  const browser = new RelayedBrowser();
  afterEach(() => browser.end());
  return browser;
}
