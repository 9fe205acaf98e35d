import { z } from 'zod';
import { validationError } from '../../http/validation';

const CursorShape = z.object({
  /** Sort key of the last item of the page. */
  k: z.number(),
  /** Id of the last item of the page (tie-break). */
  i: z.string(),
  /** Items before the next page. */
  o: z.number().int().min(0),
  /** Phase: the user's own items, then global matches. */
  p: z.enum(['own', 'global']).default('own'),
});
export type Cursor = z.infer<typeof CursorShape>;

/** Encodes a position in a list as an opaque string. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** Decodes a cursor, answering 422 when it is not one of ours. */
export function decodeCursor(text: string): Cursor {
  try {
    return CursorShape.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    throw validationError(['cursor is not a cursor this service gave out.']);
  }
}
