import type { z } from 'zod';
import type { OperationId, Operations } from '@/lib/contract/operations';
import type { ResponseOf } from '@/lib/contract/types';
import type { ServiceContext } from '../context';
import type { Caller } from '../http/authenticate';
import type { Store } from '../store/store';

type Parsed<K extends OperationId, F extends string> = Operations[K] extends Record<F, infer S extends z.ZodType> ? z.infer<S> : undefined;

/** What a handler receives: the caller and the request's validated parts. */
export type HandlerInput<K extends OperationId> = Caller & {
  service: ServiceContext;
  store: Store;
  params: Parsed<K, 'params'>;
  query: Parsed<K, 'query'>;
  body: Parsed<K, 'body'>;
  /** Aborts once the caller stops waiting (the proxy's deadline, a closed connection). */
  signal: AbortSignal;
};

/** A handler's answer: the body and, where it differs from the contract's, the status. */
export type Reply<K extends OperationId> = { status?: number; body: ResponseOf<K> };

export type Handler<K extends OperationId> = (input: HandlerInput<K>) => Reply<K> | Promise<Reply<K>>;
export type Handlers = { [K in OperationId]?: Handler<K> };
