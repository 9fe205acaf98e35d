import type { LinkReadLaterBody } from '@/lib/contract/read-later';
import { FetchError, fetchGuarded, originOf } from '../ingest/guarded-fetch';

/** What is sent to a read-later service for one article. */
export type ArticleToSave = { url: string; title: string; summary: string | null; author: string | null };

/** Why a read-later service turned a request down, in words for the person. */
export class ReadLaterRefused extends Error {}

/**
 * Where a service's API lives: the operator's base URL (TIDINGS_*_URL, trusted even on a private
 * address), and whether addresses a user gives (wallabag's base_url) may be private (TIDINGS_ALLOW_PRIVATE_URLS=1).
 */
export type ReadLaterEndpoint = { baseUrl: string; allowPrivateUrls: boolean };

/** One read-later product's public API: check credentials, save an article. */
export type ReadLaterApi = {
  /** The credential fields this service needs. */
  needs: (keyof LinkReadLaterBody)[];
  /** Checks the credentials with the service; returns the account label to show. Throws ReadLaterRefused. */
  verify(credentials: LinkReadLaterBody, endpoint: ReadLaterEndpoint): Promise<string>;
  /** Saves one article. Throws ReadLaterRefused. */
  save(credentials: LinkReadLaterBody, endpoint: ReadLaterEndpoint, article: ArticleToSave): Promise<void>;
};

const timeoutMs = 10_000;

type Call = { method?: string; headers?: Record<string, string>; body?: string };

/** Who vouches for an address: the user's setting for private ones, and the operator's base (trusted on a private address) when it is theirs. */
export type Trust = { allowPrivate: boolean; trustedOrigin?: string };

/** The trust of requests to the operator's configured base URL. */
export function operatorTrust(endpoint: ReadLaterEndpoint): Trust {
  return { allowPrivate: endpoint.allowPrivateUrls, trustedOrigin: originOf(endpoint.baseUrl) };
}

/** A request to a read-later service through the address guard, with a deadline. Failures become ReadLaterRefused in one sentence. */
export async function request(url: string, call: Call, serviceName: string, trust: Trust): Promise<Response> {
  try {
    return await fetchGuarded(url, { ...call, ...trust, timeoutMs });
  } catch (error) {
    if (error instanceof FetchError && (error.reason === 'private_address' || error.reason === 'invalid_url')) {
      throw new ReadLaterRefused(`${serviceName} at ${originOf(url) ?? url} cannot be used: ${error.message}`);
    }
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
