import { z } from 'zod';
import { Pagination, QueryBoolean, SourceType, Timestamp, Uuid, queryInteger } from './common';

export const SubscriptionStatus = z.enum(['healthy', 'failing', 'dead']);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

const subscriptionFields = {
  source_type: SourceType,
  title: z.string(),
  unread_count: z.number().int(),
  status: SubscriptionStatus,
  website: z.string().nullable(),
  is_pinned: z.boolean(),
  is_active: z.boolean(),
  newsletter_address: z.string().nullable(),
  podcast_id: Uuid.nullable(),
  artist: z.string().nullable(),
  playback_speed: z.number().nullable(),
  history_capped: z.boolean(),
};

export const SubscriptionListEntry = z.object({ id: Uuid, ...subscriptionFields });
export type SubscriptionListEntry = z.infer<typeof SubscriptionListEntry>;

/** The detail form has no `id` in SPEC.md: the caller already knows it. */
export const SubscriptionDetail = z.object({
  ...subscriptionFields,
  folder_id: Uuid.nullable(),
  folder_name: z.string().nullable(),
  language: z.string().nullable(),
  last_update: Timestamp.nullable(),
  description: z.string().nullable(),
  canonical_url: z.string().nullable(),
  episode_count: z.number().int().nullable(),
  explicit: z.boolean().nullable(),
  podcast_summary: z.string().nullable(),
});
export type SubscriptionDetail = z.infer<typeof SubscriptionDetail>;

export const SubscriptionPath = z.object({ subscription_id: Uuid });

export const ListSubscriptionsQuery = z.object({
  limit: queryInteger(1, 100, 50),
  offset: queryInteger(0, undefined, 0),
  folder_id: Uuid.optional(),
  all: QueryBoolean.default(false),
  order_by: z.enum(['name', 'recent']).optional(),
  cursor: z.string().min(1).optional(),
  source_type: SourceType.optional(),
});
export type ListSubscriptionsQuery = z.infer<typeof ListSubscriptionsQuery>;
export const SubscriptionList = z.object({ data: z.array(SubscriptionListEntry), pagination: Pagination });

export const SubscribeBody = z.strictObject({
  url: z.string().trim().min(1).max(2048),
  folder_id: Uuid.nullable().optional(),
});
export type SubscribeBody = z.infer<typeof SubscribeBody>;
export const SubscribeResult = z.object({
  status: z.enum(['subscribed', 'already_subscribed']),
  subscription_id: Uuid,
  title: z.string(),
});
export type SubscribeResult = z.infer<typeof SubscribeResult>;

export const BulkSubscriptionAction = z.enum(['pause', 'resume', 'pin', 'unpin', 'move']);
export const BulkSubscriptionBody = z.strictObject({
  subscription_ids: z.array(Uuid).min(1).max(1000),
  action: BulkSubscriptionAction,
  folder_id: Uuid.nullable().optional(),
});
export type BulkSubscriptionBody = z.infer<typeof BulkSubscriptionBody>;
export const BulkSubscriptionResult = z.array(SubscriptionListEntry);

export const BulkDeleteSubscriptionsBody = z.strictObject({
  subscription_ids: z.array(Uuid).min(1).max(1000),
});

export const UpdateSubscriptionBody = z.strictObject({
  title: z.string().trim().min(1).max(256).optional(),
  folder_id: Uuid.nullable().optional(),
  is_pinned: z.boolean().optional(),
  is_active: z.boolean().optional(),
  playback_speed: z.number().min(0.5).max(3).optional(),
});
export type UpdateSubscriptionBody = z.infer<typeof UpdateSubscriptionBody>;

export const SubscriptionCheck = z.object({ feed: z.boolean(), podcast: z.boolean() });

export const NewsletterBody = z.strictObject({ title: z.string().trim().min(1).max(256) });
export const NewsletterResult = z.object({ id: Uuid, newsletter_address: z.string(), title: z.string() });
