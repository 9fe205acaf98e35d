import { z } from 'zod';
import { Timestamp } from './common';
import { ReadLaterService } from './items';

/** First-party: whether a read-later service is linked, and to which account. */
export const ReadLaterLink = z.object({
  service: ReadLaterService,
  linked: z.boolean(),
  account: z.string().nullable(),
  linked_at: Timestamp.nullable(),
});
export type ReadLaterLink = z.infer<typeof ReadLaterLink>;
export const ReadLaterLinks = z.object({ data: z.array(ReadLaterLink) });
export const ReadLaterPath = z.object({ service: ReadLaterService });

/**
 * Credentials to link a service. Instapaper: username and password. Readwise and Raindrop:
 * token. Wallabag: base_url, client_id, client_secret, username and password.
 */
export const LinkReadLaterBody = z.strictObject({
  username: z.string().min(1).max(256).optional(),
  password: z.string().min(1).max(256).optional(),
  token: z.string().min(1).max(512).optional(),
  base_url: z.url({ protocol: /^https?$/ }).optional(),
  client_id: z.string().min(1).max(256).optional(),
  client_secret: z.string().min(1).max(256).optional(),
});
export type LinkReadLaterBody = z.infer<typeof LinkReadLaterBody>;
