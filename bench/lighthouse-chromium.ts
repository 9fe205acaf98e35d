/**
 * The Chromium Lighthouse drives in bench/lighthouse.ts: headless, on a fresh profile, with a
 * debugging port, and signed in to the app under test. Not a bench module itself.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './app-under-test';

export type Chromium = { port: number; version: string; stop: () => Promise<void> };

/** Starts headless Chromium on a fresh profile with a debugging port; resolves once it listens. */
export function launchChromium(extraArgs: string[] = []): Promise<Chromium> {
  const profile = mkdtempSync(path.join(tmpdir(), 'tidings-bench-chromium-'));
  const child = spawn(chromiumPath, ['--headless', ...CHROMIUM_ARGS, ...extraArgs, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stop = () => new Promise<void>((resolve) => {
    const done = () => {
      // Chromium's helper processes can still write to the profile just after the browser exits.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch (error) {
        console.warn(`Could not remove the bench's Chromium profile ${profile}: ${(error as Error).message}`);
      }
      resolve();
    };
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`Chromium did not open its debugging port within 30 s:\n${output}`));
    }, 30_000);
    child.stderr.on('data', async (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stderr.removeAllListeners('data');
      child.stderr.resume();
      const port = Number(match[1]);
      const info = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser: string };
      resolve({ port, version: info.Browser, stop });
    });
  });
}

/** Puts the session cookie into the profile's default context, then lets go of the browser. */
export async function addSessionCookie(port: number, baseUrl: string, cookie: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
    await browser.contexts()[0].addCookies([{ name, value, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  } finally {
    await browser.close();
  }
}
