import { z } from 'zod';
import { Timestamp, Uuid, queryInteger } from './common';
import { SimilarItem } from './items';

/** A story record: DESIGN.md's gap-fill for SPEC.md's unshown fields. */
export const Story = z.object({
  id: Uuid,
  title: z.string(),
  summary: z.string().nullable(),
  published_at: Timestamp.nullable(),
  article_count: z.number().int(),
  source_count: z.number().int(),
  articles: z.array(SimilarItem),
});
export type Story = z.infer<typeof Story>;
export const StoriesQuery = z.object({ limit: queryInteger(1, 100, 50) });
export const StoryList = z.object({ data: z.array(Story) });
