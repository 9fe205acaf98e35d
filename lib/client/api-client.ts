import type { HttpMethod } from '@/lib/contract/operation';
import type { OperationId, Operations } from '@/lib/contract/operations';
import type { BodyOf, ParamsOf, QueryOf, ResponseOf } from '@/lib/contract/types';

/** The operation id at a method and path template, found from the contract's types alone. */
export type OperationAt<M extends HttpMethod, P extends string> = {
  [K in OperationId]: Operations[K] extends { method: M; path: P } ? K : never;
}[OperationId];

/** Path templates that have an operation for this method. */
export type PathFor<M extends HttpMethod> = { [K in OperationId]: Operations[K] extends { method: M } ? Operations[K]['path'] : never }[OperationId];

type Options<K extends OperationId> = {
  params?: ParamsOf<K> extends never ? never : ParamsOf<K>;
  query?: QueryOf<K> extends never ? never : QueryOf<K>;
  body?: BodyOf<K> extends never ? never : BodyOf<K>;
  signal?: AbortSignal;
};

/** An answer other than success, as a value: status, the service's message, and how long to wait. */
export class ApiError extends Error {
  constructor(readonly status: number, message: string, readonly retryAfterSeconds: number | null = null) {
    super(message);
    this.name = 'ApiError';
  }
}

type ApiSettings = { base: string; headers: Record<string, string> };
const answerListeners = new Set<(status: number) => void>();

/** Calls `listener` with the status each time a call gets an answer, whatever it is: the connection works. Answers the function that stops it. */
export function onServiceAnswer(listener: (status: number) => void): () => void {
  answerListeners.add(listener);
  return () => {
    answerListeners.delete(listener);
  };
}
const settings: ApiSettings = { base: '/api', headers: {} };

/**
 * Points the client somewhere other than the app's proxy: tests use it to talk to a real
 * service on a local port (`base` replaces `/api`, so `/v1/items` goes to `${base}/v1/items`).
 */
export function configureApi(options: Partial<ApiSettings>): void {
  if (options.base !== undefined) settings.base = options.base.replace(/\/+$/, '');
  if (options.headers !== undefined) settings.headers = { ...options.headers };
}

/** A query as the service reads it (`?a=1&ids=x&ids=y`), empty for none; empty values are left out. */
export function queryString(query?: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((entry) => search.append(key, String(entry)));
    else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The /api URL of an operation with its path parameters and query filled in. */
export function apiUrl(path: string, params?: Record<string, string>, query?: Record<string, unknown>): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ''));
  return `${settings.base}${filled}${queryString(query)}`;
}

/** An answer's JSON body; null when it has none or an error's is not JSON; ApiError(0) when the body never fully came. */
export async function readAnswerBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    // The connection dropped after the headers came (going offline mid-answer): no answer,
    // which callers must see as offline rather than as a success with nothing in it.
    throw new ApiError(0, 'You appear to be offline.');
  }
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    if (!response.ok) return null;
    // A success that is not the service's JSON (a captive portal's page, say) is no answer either.
    throw new ApiError(0, 'The answer was not one from the service.');
  }
}

/** Calls one operation of the service through the app's proxy; throws ApiError on any non-success answer. */
export async function callApi<M extends HttpMethod, P extends PathFor<M>>(
  method: M, path: P, options: Options<OperationAt<M, P>> = {},
): Promise<ResponseOf<OperationAt<M, P>>> {
  const url = apiUrl(path, options.params as Record<string, string>, options.query as Record<string, unknown>);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: options.body === undefined
        ? { ...settings.headers, accept: 'application/json' }
        : { ...settings.headers, accept: 'application/json', 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      // Past the HTTP cache: Chromium holds a write to a URL until a pending read of it ends.
      cache: 'no-store',
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'You appear to be offline.');
  }
  for (const listener of answerListeners) listener(response.status);
  const payload = await readAnswerBody(response) as { message?: string; retry_after?: number } | null;
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after') ?? payload?.retry_after);
    throw new ApiError(response.status, payload?.message ?? `The service answered ${response.status}.`, Number.isFinite(retryAfter) ? retryAfter : null);
  }
  return payload as ResponseOf<OperationAt<M, P>>;
}
