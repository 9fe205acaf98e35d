import { z } from 'zod';
import { AccountStatus, Plan, Timestamp, Uuid } from './common';

/** First-party: the signed-in account and what its plan allows. */
export const Account = z.object({
  id: Uuid,
  email: z.string(),
  plan: Plan,
  status: AccountStatus,
  limits: z.object({
    feeds: z.number().int().nullable(),
    saved_items: z.number().int().nullable(),
  }),
  features: z.object({
    notes: z.boolean(),
    full_content: z.boolean(),
    similar_items: z.boolean(),
    stories: z.boolean(),
    read_later: z.boolean(),
    include_global: z.boolean(),
  }),
});
export type Account = z.infer<typeof Account>;

export const ApiKeyRecord = z.object({
  id: Uuid,
  name: z.string(),
  prefix: z.string(),
  created_at: Timestamp,
  last_used_at: Timestamp.nullable(),
});
export type ApiKeyRecord = z.infer<typeof ApiKeyRecord>;
export const ApiKeyList = z.object({ data: z.array(ApiKeyRecord) });
export const CreateApiKeyBody = z.strictObject({ name: z.string().trim().min(1).max(100) });
/** The secret is shown once, at creation; only its hash is stored. */
export const CreatedApiKey = ApiKeyRecord.extend({ key: z.string() });
export const ApiKeyPath = z.object({ key_id: Uuid });
