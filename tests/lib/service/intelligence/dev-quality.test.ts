import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { devSetPath, measure, readArticles } from '@/bench/stories';

const present = existsSync(devSetPath());
if (!present) console.warn(`skipping same-story quality: ${devSetPath()} is absent`);

describe.skipIf(!present)('same-story quality on the development set', () => {
  it('meets the story and similar-item targets and beats the title-overlap baseline', () => {
    const figures = measure(readArticles());
    expect(figures.stories.precision).toBeGreaterThanOrEqual(0.9);
    expect(figures.stories.recall).toBeGreaterThanOrEqual(0.7);
    expect(figures.similarRecallAt5).toBeGreaterThanOrEqual(0.85);
    expect(figures.stories.recall).toBeGreaterThan(figures.baselineStories.recall);
    expect(figures.similarRecallAt5).toBeGreaterThan(figures.baselineSimilarRecallAt5);
  });
});
