import type { z } from 'zod';
import type { OperationId, Operations } from './operations';

type Field<K extends OperationId, F extends string> = Operations[K] extends Record<F, infer S extends z.ZodType> ? S : never;

/** The body a successful call of operation K answers with. */
export type ResponseOf<K extends OperationId> = z.infer<Operations[K]['success']['body']>;
/** What a caller may send as K's query string (before defaults apply). */
export type QueryOf<K extends OperationId> = z.input<Field<K, 'query'>>;
/** What a caller sends as K's JSON body. */
export type BodyOf<K extends OperationId> = z.input<Field<K, 'body'>>;
/** K's path parameters. */
export type ParamsOf<K extends OperationId> = z.input<Field<K, 'params'>>;
