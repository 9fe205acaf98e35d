import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, VIEWPORTS } from './browser';
import { selfSignedCertificate } from '../certificate';
import { setContextOffline } from './connection';
import { rows, waitForWorker } from './offline-helpers';
import { ownServer } from './own-server';

/*
 * `npm start` given a certificate (TIDINGS_TLS_CERT, TIDINGS_TLS_KEY): the secure origin a phone
 * needs to install the app and read offline, over HTTP/2. The certificate is self-signed, so this
 * browser is told to take it, as a phone does once its owner trusts their own certificate; the
 * flag is the browser's, since a context's `ignoreHTTPSErrors` does not reach the service worker.
 */
const certificateDir = mkdtempSync(path.join(tmpdir(), 'tidings-e2e-tls-'));
const server = ownServer(selfSignedCertificate(certificateDir));
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(['--ignore-certificate-errors']);
});

afterAll(async () => {
  await browser?.close();
  rmSync(certificateDir, { recursive: true, force: true });
});

describe('serving over HTTPS', () => {
  it('signs in with a Secure cookie, serves pages over HTTP/2, and opens the inbox offline once the service worker has it', async () => {
    expect(server().baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const context = await browser.newContext({ ...VIEWPORTS.phone, baseURL: server().baseUrl });
    try {
      const page = await context.newPage();
      await page.goto('/inbox');
      await page.waitForURL((url) => url.pathname === '/sign-in');
      await page.getByLabel('Password', { exact: true }).fill(inject('appPassword'));
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/inbox');

      const cookies = await context.cookies();
      expect(cookies.map((cookie) => cookie.name)).toEqual(['__Host-tidings_session']);
      expect(cookies[0]).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
      await page.reload();
      expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol)).toBe('h2');
      const online = await rows(page);
      expect(online.length).toBeGreaterThan(0);
      await expectNoAxeViolations(page);

      // What the secure origin is for: the worker keeps the inbox, which then opens offline.
      await waitForWorker(page);
      await setContextOffline(context, true);
      await page.reload();
      expect((await rows(page)).map((row) => row.id)).toEqual(online.map((row) => row.id));
    } finally {
      await context.close();
    }
  });
});
