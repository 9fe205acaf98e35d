/*
 * Helpers of the offline and share-link journeys: a browser profile that survives a
 * restart (persistent context on one user-data dir), the service worker's readiness,
 * and questions put straight to the service (its /v1 mount with an API key made by
 * the command line), never through the browser.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { VIEWPORTS } from './browser';

const root = path.resolve(import.meta.dirname, '../..');

/** A browser profile directory, and a way to open it (again) as a context. */
export class Profile {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'tidings-profile-'));

  constructor(private readonly baseUrl: string) {}

  /** Starts Chromium on this profile: cookies, IndexedDB, caches and the worker persist across launches. */
  launch(): Promise<BrowserContext> {
    return chromium.launchPersistentContext(this.dir, {
      executablePath: inject('chromiumPath'),
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
      baseURL: this.baseUrl,
      ...VIEWPORTS.desktop,
    });
  }

  /** Deletes the profile. */
  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Signs a context in with the app password of a server. */
export async function signInTo(context: BrowserContext, baseUrl: string, password = inject('appPassword')): Promise<void> {
  const response = await context.request.post(`${baseUrl}/api/session`, { form: { password }, headers: { accept: 'application/json' } });
  if (response.status() !== 200) throw new Error(`Signing in failed: ${response.status()} ${await response.text()}`);
}

/** Waits until a service worker controls the page and has finished installing (precache filled). */
export async function waitForWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
}

/** An API key of the owner for the data directory of a running server, from the command line. */
export function ownerApiKey(dataDir: string): string {
  const result = spawnSync('npm', ['run', '-s', 'tidings', '--', 'key', 'create', '--email', 'owner@tidings.local', '--name', 'e2e check'], {
    cwd: root, env: { ...process.env, TIDINGS_DATA_DIR: dataDir }, encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`key create failed: ${result.stderr}`);
  return result.stdout.trim().split('\n').pop()!.trim();
}

/** An item as the service itself has it (GET /v1/items/{id} with the key), not through the browser. */
export async function serviceItem(baseUrl: string, key: string, id: string): Promise<{ is_read: boolean; is_saved: boolean; playback_position: number | null; title: string }> {
  const response = await fetch(`${baseUrl}/v1/items/${id}`, { headers: { authorization: `Bearer ${key}`, accept: 'application/json' } });
  if (response.status !== 200) throw new Error(`GET /v1/items/${id} answered ${response.status}`);
  return response.json();
}
