import { callApi } from '@/lib/client/api-client';
import type { OutboxRequest } from './actions';

/**
 * Sends one outbox request through the API client (the app's proxy, or wherever
 * configureApi points it) and answers the parsed body; throws its ApiError, with status 0
 * when the network failed. Works in pages and in the service worker (whose own fetches
 * skip its fetch handler). `signal` aborts it.
 */
export function sendOutboxRequest(request: OutboxRequest, signal?: AbortSignal): Promise<unknown> {
  // The path is already filled in (no {templates} left), so it passes through as it is.
  return callApi(request.method, request.path as never, { body: request.body, signal } as never);
}
