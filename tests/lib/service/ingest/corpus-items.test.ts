import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDocuments, itemDigest } from '@/bench/parse-corpus';
import { hasSharedFeeds, missingFeedsMessage } from './shared-feeds';

/**
 * Every document of ../shared/feeds and tests/fixtures/feeds, whole, cut at four points and with
 * stray `&`, keeps the items (count and titles) recorded in corpus-items.json. It was recorded
 * with the hand-written tokenizer and holds unchanged on htmlparser2's (issue 29): a parser change
 * that reads any document worse fails here; one that reads some better rewrites the file.
 */
const recorded = JSON.parse(readFileSync(path.resolve(process.cwd(), 'tests/lib/service/ingest/corpus-items.json'), 'utf8')) as Record<string, string>;

describe.skipIf(!hasSharedFeeds)('the items read from every corpus document, whole and damaged', () => {
  it('match the recorded item counts and titles for every document', () => {
    const read: Record<string, string> = {};
    for (const [name, bytes] of corpusDocuments(4)) read[name] = itemDigest(name, bytes);
    expect(read).toEqual(recorded);
  });
});

describe.skipIf(hasSharedFeeds)('the corpus item check (corpus absent)', () => {
  it(missingFeedsMessage, () => {
    expect(hasSharedFeeds).toBe(false);
  });
});
