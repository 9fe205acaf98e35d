import { describe, expect, it } from 'vitest';
import { devSetPath, devSetPresent, measure, readArticles } from '@/bench/stories';

const present = devSetPresent();
if (!present) console.warn(`skipping same-story quality: ${devSetPath()} is absent`);

describe.skipIf(!present)('same-story quality on the development set, served as feeds and read over HTTP', () => {
  it('meets the story and similar-item targets and beats the title-overlap baseline', async () => {
    const figures = await measure(readArticles());
    expect(figures.ingest.unmatched).toBe(0);
    expect(figures.ingest.datesKept).toBe(figures.articles);
    expect(figures.stories.precision).toBeGreaterThanOrEqual(0.9);
    expect(figures.stories.recall).toBeGreaterThanOrEqual(0.7);
    expect(figures.similarRecallAt5).toBeGreaterThanOrEqual(0.85);
    expect(figures.stories.recall).toBeGreaterThan(figures.baselineStories.recall);
    expect(figures.similarRecallAt5).toBeGreaterThan(figures.baselineSimilarRecallAt5);
  }, 60_000);
});
