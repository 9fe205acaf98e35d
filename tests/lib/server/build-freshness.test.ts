import { mkdirSync, mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staleBuildReason } from '@/lib/server/build-freshness';

let root: string;
let now: number;

// Every file gets an explicit time, counted from one instant per test, so the
// tests never depend on clock resolution or on how long a step took.
function write(relative: string, secondsAgo: number): void {
  const full = path.join(root, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, relative);
  setAge(relative, secondsAgo);
}

function setAge(relative: string, secondsAgo: number): void {
  const at = new Date(now - secondsAgo * 1000);
  utimesSync(path.join(root, relative), at, at);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'tidings-freshness-'));
  now = Date.now();
  write('package.json', 100);
  write('app/inbox/page.tsx', 100);
  write('lib/service/service.ts', 100);
  write('public/icons/icon.svg', 100);
  write('generated/app.css', 55);
  for (const dir of ['app', 'app/inbox', 'lib', 'lib/service', 'public', 'public/icons']) setAge(dir, 100);
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('staleBuildReason', () => {
  it('asks for a build when there is no production build', () => {
    expect(staleBuildReason(root)).toBe('no production build yet');
  });

  it('asks for a build when the stylesheet the pages inline was never built', () => {
    write('.next/BUILD_ID', 50);
    unlinkSync(path.join(root, 'generated/app.css'));
    expect(staleBuildReason(root)).toBe('the stylesheet was never built');
  });

  it('accepts a build made after every source and config file', () => {
    write('.next/BUILD_ID', 50);
    expect(staleBuildReason(root)).toBeNull();
  });

  it('names a source file changed after the build', () => {
    write('.next/BUILD_ID', 50);
    setAge('app/inbox/page.tsx', 10);
    expect(staleBuildReason(root)).toBe('app/inbox/page.tsx changed since the last build');
  });

  it('names a config file changed after the build', () => {
    write('.next/BUILD_ID', 50);
    write('next.config.mjs', 10);
    expect(staleBuildReason(root)).toBe('next.config.mjs changed since the last build');
  });

  it('counts a deleted source file as a change', () => {
    write('.next/BUILD_ID', 50);
    unlinkSync(path.join(root, 'lib/service/service.ts'));
    expect(staleBuildReason(root)).toBe('lib/service/ changed since the last build');
  });

  it('treats the service worker written at the end of the build as part of it', () => {
    write('.next/BUILD_ID', 50);
    write('public/sw.js', 40);
    setAge('public', 40);
    expect(staleBuildReason(root)).toBeNull();
  });
});
