import { describe, expect, it } from 'vitest';
import { tileColour, tileColours, tileLetter } from '@/lib/client/source-tiles';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

describe('a source’s lettered tile', () => {
  it('has white letters at AA contrast (4.5:1) on every colour, in either theme', () => {
    for (const colour of tileColours) expect((1.05) / (luminance(colour) + 0.05), colour).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps its colour for the same name and spreads names over the colours', () => {
    expect(tileColour('Gridline')).toBe(tileColour('Gridline'));
    const names = ['Byte Garden', 'The Riverside Courier', 'Open Orbit', 'Slow Pan Kitchen', 'Gridline', 'Small Hours', 'Millbrook Ledger'];
    expect(new Set(names.map(tileColour)).size).toBeGreaterThanOrEqual(4);
  });

  it('takes the first letter or digit, past a leading “The”', () => {
    expect(tileLetter('The Riverside Courier')).toBe('R');
    expect(tileLetter('  99% Invisible')).toBe('9');
    expect(tileLetter('ébène')).toBe('É');
    expect(tileLetter('The')).toBe('T');
    expect(tileLetter('—')).toBe('?');
  });
});
