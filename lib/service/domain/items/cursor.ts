import { createHash } from 'node:crypto';
import { z } from 'zod';
import { invalidFields } from '../errors';

const CursorShape = z.object({
  /** Sort key of the last item of the page. */
  k: z.number(),
  /** Id of the last item of the page (tie-break). */
  i: z.string(),
  /** Items before the next page. */
  o: z.number().int().min(0),
  /** Phase: the user's own items, then global matches. */
  p: z.enum(['own', 'global']).default('own'),
  /** The list it pages (see listOf); absent in cursors given out before lists were named. */
  l: z.string().optional(),
});
export type Cursor = z.infer<typeof CursorShape>;

/**
 * Names a list: which operation and every parameter that chooses or orders its entries (the page
 * size aside). A cursor carries it, so one given out for other filters is refused, not misread.
 */
export function listOf(operation: string, query: Record<string, unknown>): string {
  const parts = Object.entries(query)
    .filter(([name, value]) => value !== undefined && name !== 'cursor' && name !== 'limit' && name !== 'offset')
    .map(([name, value]) => [name, Array.isArray(value) ? [...value].sort() : value])
    .sort(([a], [b]) => String(a).localeCompare(String(b)));
  return createHash('sha256').update(JSON.stringify([operation, parts])).digest('base64url').slice(0, 16);
}

/** Encodes a position in a list as an opaque string. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** Decodes a cursor, answering 422 when it is not one of ours or was given out for another list than `list`. */
export function decodeCursor(text: string, list?: string): Cursor {
  let cursor: Cursor;
  try {
    cursor = CursorShape.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    throw invalidFields(['cursor is not a cursor this service gave out.']);
  }
  if (list !== undefined && cursor.l !== undefined && cursor.l !== list) {
    throw invalidFields(['cursor was given out for another list; ask for the first page without it.']);
  }
  return cursor;
}
