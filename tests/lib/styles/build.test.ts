import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileStylesheet } from '@/lib/styles/build';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

describe('the app stylesheet build', () => {
  it('holds the utilities the components use, the themes and reading typography, lowered for older Safari and minified', async () => {
    const css = await compileStylesheet(root);
    // Classes of the root layout and of the reader, found by scanning the sources.
    for (const rule of ['.bg-canvas{', '.text-ink{', '.skip-link{', '.max-w-\\[68ch\\]{', '.reading ']) expect(css).toContain(rule);
    // Both themes: light-dark() is lowered (Safari before 17.5 lacks it), the pinned themes stay.
    expect(css).not.toContain('light-dark(');
    expect(css).toContain(':root[data-theme=dark]');
    expect(css).toContain('@media (prefers-color-scheme:dark)');
    expect(css).not.toMatch(/\n\s/);
  }, 30_000);
});
