import { episodeAudioUrl } from '@/lib/client/offline-caches';
import { refusalOf } from './download-error';
import { appendPart, restartDownload, type PendingDownload } from './parts-db';

/*
 * Fetches what a download still lacks and keeps it in parts as it arrives. A download with
 * bytes kept asks for the rest (Range, and If-Range with the file's validator); a host that
 * answers the whole file instead (200: it ignores ranges, or the file changed) starts it over
 * from that answer, cleanly. Parts are written every 256 KB or every second, whichever comes
 * first, so a reload loses at most that much; at most one part is held in memory.
 */

const partBytes = 256 * 1024;
const partEveryMs = 1000;

/** A download the person cancelled (its record is gone): stop without keeping anything. */
export class DownloadCancelled extends Error {
  constructor() {
    super('The download was cancelled.');
    this.name = 'DownloadCancelled';
  }
}

type Progress = (received: number, total: number | null) => void;

/** The whole file's size and the first byte of a 206 answer, from its Content-Range. */
function rangeOf(response: Response): { start: number; total: number | null } | null {
  const match = /^bytes (\d+)-\d+\/(\d+|\*)$/i.exec(response.headers.get('content-range')?.trim() ?? '');
  return match ? { start: Number(match[1]), total: match[2] === '*' ? null : Number(match[2]) } : null;
}

/** The file as an answer describes it: size, type and validator. */
function describe(response: Response, total: number | null) {
  return {
    total,
    contentType: response.headers.get('content-type'),
    validator: response.headers.get('etag') ?? response.headers.get('last-modified'),
  };
}

function request(record: PendingDownload, from: number, signal: AbortSignal): Promise<Response> {
  // Ranged from the first byte too: a host that honours ranges then says the whole size in its
  // Content-Range, where a streamed 200 may carry no length at all.
  const headers = new Headers({ range: `bytes=${from}-` });
  if (from > 0 && record.validator) headers.set('if-range', record.validator);
  return fetch(new URL(episodeAudioUrl(record.id), location.origin), { signal, headers, credentials: 'same-origin' });
}

/** The answer to carry on from, with the record as it stands for it; restarts the record when the host sends the file from its start. */
async function answer(record: PendingDownload, signal: AbortSignal): Promise<{ response: Response | null; record: PendingDownload }> {
  let response = await request(record, record.received, signal);
  if (record.received > 0 && response.status === 416 && record.total !== null && record.received >= record.total) {
    return { response: null, record };
  }
  let range = response.status === 206 ? rangeOf(response) : null;
  if (record.received > 0 && (response.status === 416 || (response.status === 206 && range?.start !== record.received))) {
    // The kept bytes do not fit what the host has now: start again from nothing.
    await response.body?.cancel();
    response = await request(record, 0, signal);
    range = response.status === 206 ? rangeOf(response) : null;
  }
  // A 200 is the whole file, whatever was asked: the host ignores ranges, or the file changed (If-Range).
  const start = response.status === 206 ? range?.start : response.status === 200 ? 0 : undefined;
  if (start === undefined || !response.body) throw await refusalOf(response);
  const total = range ? range.total : Number(response.headers.get('content-length')) || null;
  if (start > 0 && start === record.received) return { response, record: { ...record, total: total ?? record.total } };
  if (start !== 0) throw await refusalOf(response);
  const restarted = await restartDownload(record.id, describe(response, total));
  if (!restarted) throw new DownloadCancelled();
  return { response, record: restarted };
}

/**
 * Brings a download's kept bytes up to the whole file; answers its record once complete.
 * Rejects with DownloadCancelled, the server's refusal (DownloadRefused), or the network's error
 * (the parts that arrived stay kept for the next try). `beforeBody` hears the answer's record first.
 */
export async function transfer(
  start: PendingDownload, signal: AbortSignal, onProgress: Progress, beforeBody: (record: PendingDownload) => Promise<void>,
): Promise<PendingDownload> {
  const answered = await answer(start, signal);
  const response = answered.response;
  let record = answered.record;
  if (!response?.body) return record;
  await beforeBody(record);
  const total = record.total;
  onProgress(record.received, total);
  const reader = response.body.getReader();
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  let keptAt = Date.now();
  const keep = async () => {
    const bytes = new Uint8Array(heldBytes);
    let at = 0;
    for (const chunk of held) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
    held = [];
    heldBytes = 0;
    keptAt = Date.now();
    const next = await appendPart(record.id, bytes.buffer);
    if (!next) throw new DownloadCancelled();
    record = next;
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    held.push(value);
    heldBytes += value.byteLength;
    if (heldBytes >= partBytes || Date.now() - keptAt >= partEveryMs) await keep();
    onProgress(record.received + heldBytes, total);
  }
  if (heldBytes > 0) await keep();
  // A body that ended early (a dropped connection some browsers report as the end).
  if (total !== null && record.received < total) throw new TypeError('The connection closed before the file was whole.');
  return record;
}
