import { describe, expect, it } from 'vitest';
import { downloadErrorSentence, refusalOf } from '@/lib/client/episode-downloads/download-error';
import { fileSize } from '@/lib/client/episode-downloads/file-size';

describe('why a download failed, in a sentence', () => {
  it('says the device is out of room for a QuotaExceededError, online or not', () => {
    const full = new DOMException('Quota exceeded.', 'QuotaExceededError');
    expect(downloadErrorSentence(full, true)).toBe('Not enough storage on this device for this episode. Remove other downloads and try again.');
    expect(downloadErrorSentence(full, false)).toMatch(/^Not enough storage/);
  });

  it('passes on what the app’s server said about the podcast’s host', async () => {
    const refusal = await refusalOf(Response.json({ message: 'The podcast’s host answered HTTP 403 for the episode’s audio.' }, { status: 502 }));
    expect(downloadErrorSentence(refusal, true)).toBe('Could not download: The podcast’s host answered HTTP 403 for the episode’s audio.');
  });

  it('names the status when the answer has no sentence, and asks to sign in again after a 401', async () => {
    expect(downloadErrorSentence(await refusalOf(new Response('<html>', { status: 500 })), true)).toBe('Could not download: Tidings answered HTTP 500.');
    expect(downloadErrorSentence(await refusalOf(Response.json({ message: 'Sign in to continue.' }, { status: 401 })), true)).toBe('Could not download: sign in again first.');
  });

  it('tells offline apart from a connection that dropped mid-file', () => {
    expect(downloadErrorSentence(new TypeError('Failed to fetch'), false)).toBe('Could not download: this device is offline.');
    expect(downloadErrorSentence(new TypeError('network error'), true)).toMatch(/interrupted before the episode was complete/);
  });
});

describe('sizes of downloads', () => {
  it('reads as phones show storage', () => {
    expect(fileSize(0)).toBe('0 bytes');
    expect(fileSize(999)).toBe('999 bytes');
    expect(fileSize(480_044)).toBe('480 KB');
    expect(fileSize(4_560_000)).toBe('4.6 MB');
    expect(fileSize(57_300_000)).toBe('57 MB');
    expect(fileSize(1_000_000)).toBe('1 MB');
    expect(fileSize(1_230_000_000)).toBe('1.2 GB');
  });
});
