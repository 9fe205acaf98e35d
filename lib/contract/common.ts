import { z } from 'zod';

/** A UUID identifier, as SPEC.md writes `<uuid>`. */
export const Uuid = z.uuid();
/** An ISO 8601 date-time with an offset (we always answer with `Z`). */
export const Timestamp = z.iso.datetime({ offset: true });
/** An ISO 8601 calendar date. */
export const CalendarDate = z.iso.date();

/** A boolean query parameter written `true` or `false`. */
export const QueryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Digits only when written as text, as a query string writes a whole number; coercing alone also took 0x10, 1e1 and " 5". */
const WholeNumberText = z.unknown().refine((value) => typeof value === 'number' || (typeof value === 'string' && /^-?\d+$/.test(value)),
  { message: 'must be a whole number' });

/** An integer query parameter within bounds (no upper one when `max` is omitted), with a default. */
export function queryInteger(min: number, max: number | undefined, fallback: number) {
  // Bounds before int(): int() reports a number past 2^53 as above that, not above max.
  const bounded = max === undefined ? z.coerce.number().min(min) : z.coerce.number().min(min).max(max);
  // The meta keeps the interface description an integer, as the parameter means, rather than the text it arrives as.
  return WholeNumberText.pipe(bounded.int()).default(fallback)
    .meta({ type: 'integer', minimum: min, ...(max === undefined ? {} : { maximum: max }) });
}

/** The search text every search takes: 1 to 128 characters. */
export const SearchText = z.string().min(1).max(128);

export const Pagination = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
});
export type Pagination = z.infer<typeof Pagination>;

export const MessageResult = z.object({ message: z.string() });
export type MessageResult = z.infer<typeof MessageResult>;

/** The general error body: 400, 402, 404, 422 and most 5xx. */
export const GeneralError = z.object({ message: z.string() });
/** The authentication error body: 401 and 403 on credentials. */
export const AuthError = z.object({ message: z.string(), error: z.enum(['unauthorized', 'forbidden']) });
/** The rate-limit error body: 429, with `Retry-After` in the headers too. */
export const RateLimitError = z.object({ message: z.string(), retry_after: z.number().int() });
export type GeneralError = z.infer<typeof GeneralError>;
export type AuthError = z.infer<typeof AuthError>;
export type RateLimitError = z.infer<typeof RateLimitError>;

export const SourceType = z.enum(['feed', 'newsletter', 'podcast']);
export type SourceType = z.infer<typeof SourceType>;
export const ItemType = z.enum(['article', 'episode']);
export type ItemType = z.infer<typeof ItemType>;
export const Plan = z.enum(['free', 'pro', 'plus']);
export type Plan = z.infer<typeof Plan>;
export const AccountStatus = z.enum(['active', 'banned', 'locked']);
export type AccountStatus = z.infer<typeof AccountStatus>;
