import { useCallback, useEffect, useRef } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { ResponseOf } from '@/lib/contract/types';
import { callApi } from './api-client';
import { onErrorRetry, withRetry } from './retry-policy';
import { refreshSubscriptions } from './subscription-cache';
import { foldersKey } from './use-folders';

/** What an import did; `duplicates` is always a number here (0 when the service did not send it). */
export type OpmlImportResult = Omit<ResponseOf<'importOpml'>, 'duplicates'> & { duplicates: number };

/**
 * Subscribes to every feed of an OPML document (POST /v1/opml/import, first-party), recreating
 * its folders; answers how many were imported, already there, or failed and why.
 */
export function useImportOpml() {
  const { cache, mutate } = useSWRConfig();
  return useCallback(async (opml: string): Promise<OpmlImportResult> => {
    const result = await callApi('POST', '/v1/opml/import', { body: { opml } });
    await Promise.all([mutate(foldersKey), refreshSubscriptions(cache, mutate), mutate(importProgressKey)]);
    // A service from before the count of repeated outlines existed leaves it out.
    return { ...result, duplicates: result.duplicates ?? 0 };
  }, [cache, mutate]);
}

/** Fetches the OPML export (GET /v1/opml, first-party) and hands it to the browser as a download. */
export function useExportOpml() {
  return useCallback(async (): Promise<string> => {
    const { filename, opml } = await withRetry(() => callApi('GET', '/v1/opml'));
    const url = URL.createObjectURL(new Blob([opml], { type: 'text/x-opml' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked on the next task: the download has started by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
    return filename;
  }, []);
}

export type OpmlImportProgress = ResponseOf<'getOpmlImportProgress'>;

/** The SWR key of the background fetch of imported feeds (GET /v1/opml/import/progress). */
export const importProgressKey = ['/v1/opml/import/progress'] as const;

/** How often the progress is asked for while imported feeds are being fetched. */
const progressPollMs = 1000;

/**
 * How far the fetch of imported feeds has got, asked for every second while it runs; the
 * subscriptions (their counts) are fetched again when it ends.
 */
export function useImportProgress(): OpmlImportProgress | undefined {
  const { cache, mutate } = useSWRConfig();
  const { data } = useSWR(importProgressKey, () => callApi('GET', '/v1/opml/import/progress'), {
    onErrorRetry, revalidateOnFocus: false, refreshInterval: (latest) => (latest?.running ? progressPollMs : 0),
  });
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && data && !data.running) void refreshSubscriptions(cache, mutate);
    wasRunning.current = Boolean(data?.running);
  }, [data, cache, mutate]);
  return data;
}
