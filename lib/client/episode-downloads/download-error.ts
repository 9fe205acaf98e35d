/*
 * What to tell a person when a download fails: offline, the app or the podcast's host
 * refusing (the app's server says which, in a sentence), or no room left on the device.
 */

/** A download the app's server refused or could not make; the message is its sentence. */
export class DownloadRefused extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'DownloadRefused';
  }
}

/** What the app's server said, from its JSON error body, or a sentence with the status. */
export async function refusalOf(response: Response): Promise<DownloadRefused> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  const message = typeof body?.message === 'string' && body.message ? body.message : `Tidings answered HTTP ${response.status}.`;
  return new DownloadRefused(response.status, message);
}

/** The sentence shown under the download button; `online` is navigator.onLine. */
export function downloadErrorSentence(error: unknown, online: boolean): string {
  const name = (error as Error | null)?.name;
  if (name === 'QuotaExceededError') return 'Not enough storage on this device for this episode. Remove other downloads and try again.';
  if (error instanceof DownloadRefused) {
    if (error.status === 401) return 'Could not download: sign in again first.';
    return `Could not download: ${error.message}`;
  }
  if (!online) return 'Could not download: this device is offline.';
  // A TypeError from fetch or from the stream: the connection dropped before the file was whole.
  return 'The download was interrupted before the episode was complete. Try again.';
}
