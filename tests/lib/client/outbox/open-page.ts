import { vi } from 'vitest';
import type { Harness, TestUser } from '../../service/harness';

/**
 * A freshly opened page of the app for `person`: its own modules (the outbox and its status), over
 * the same IndexedDB and localStorage as the pages before it. Modules imported after this call
 * belong to the same page.
 */
export async function openOutboxPage(h: Harness, person: TestUser) {
  vi.resetModules();
  (await import('@/lib/client/api-client')).configureApi({ base: h.baseUrl, headers: { authorization: `Bearer ${person.appToken}` } });
  return {
    outbox: await import('@/lib/client/outbox'),
    status: await import('@/lib/client/outbox/status'),
  };
}
