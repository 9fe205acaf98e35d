import type { LinkReadLaterBody } from '@/lib/contract/read-later';

/** What is sent to a read-later service for one article. */
export type ArticleToSave = { url: string; title: string; summary: string | null; author: string | null };

/** Why a read-later service turned a request down, in words for the person. */
export class ReadLaterRefused extends Error {}

/** One read-later product's public API: check credentials, save an article. */
export type ReadLaterApi = {
  /** The credential fields this service needs. */
  needs: (keyof LinkReadLaterBody)[];
  /** Checks the credentials with the service; returns the account label to show. Throws ReadLaterRefused. */
  verify(credentials: LinkReadLaterBody, baseUrl: string): Promise<string>;
  /** Saves one article. Throws ReadLaterRefused. */
  save(credentials: LinkReadLaterBody, baseUrl: string, article: ArticleToSave): Promise<void>;
};

const timeoutMs = 10_000;

/** A request to a read-later service with a deadline; network failures become ReadLaterRefused. */
export async function request(url: string, init: RequestInit, serviceName: string): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  } catch {
    throw new ReadLaterRefused(`${serviceName} could not be reached; try again later.`);
  }
}

/** Throws ReadLaterRefused with a plain sentence when the service answered with an error. */
export function requireOk(response: Response, serviceName: string): void {
  if (response.ok) return;
  if (response.status === 401 || response.status === 403) throw new ReadLaterRefused(`${serviceName} did not accept the linked credentials; link it again.`);
  if (response.status === 429) throw new ReadLaterRefused(`${serviceName} is limiting requests; try again later.`);
  throw new ReadLaterRefused(`${serviceName} answered ${response.status}; try again later.`);
}
