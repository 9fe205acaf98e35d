import useSWR from 'swr';
import { ApiError } from './api-client';
import { capabilitiesKey } from './reader-keys';
import { onErrorRetry } from './retry-policy';

/** What the app can do against the service it talks to (GET /api/capabilities). */
export type Capabilities = {
  /** `local`: the embedded service; `remote`: a hosted service through an API key. */
  mode: 'local' | 'remote';
  /** Whether first-party operations (account, API keys, folders…) work; false against a hosted service. */
  first_party: boolean;
};


async function fetchCapabilities(url: string): Promise<Capabilities> {
  const response = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: string } | null;
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiError(response.status, payload?.message ?? `The app answered ${response.status}.`, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
  }
  return (await response.json()) as Capabilities;
}

/**
 * What the service supports, fetched once per page life. While it loads (or when it fails)
 * `firstParty` is false, so features that need first-party operations stay hidden rather than broken.
 */
export function useCapabilities() {
  const { data, error, isLoading } = useSWR<Capabilities, ApiError>(capabilitiesKey, fetchCapabilities, {
    onErrorRetry, revalidateOnFocus: false, revalidateIfStale: false, dedupingInterval: 3_600_000,
  });
  return { capabilities: data, firstParty: data?.first_party ?? false, error, isLoading };
}
