import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One operation of the interface. `bearer` operations accept API keys and app
 * tokens (SPEC.md); `first_party` ones are reserved for the app's own token.
 */
export type Operation = {
  method: HttpMethod;
  path: `/v1/${string}`;
  auth: 'bearer' | 'first_party';
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Status of the success answer and its body. */
  success: { status: number; body: z.ZodType; also?: number[] };
  /** Error statuses beyond the 401, 403, 429 and 503 that every operation can give. */
  errors: number[];
};

/** Keeps each operation's literal types while checking it is an Operation. */
export function defineOperations<const T extends Record<string, Operation>>(operations: T): T {
  return operations;
}
