import { describe, expect, it } from 'vitest';
import { playbackErrorSentence } from '@/lib/client/player/playback-error';

// The errors as browsers report them: Chromium's failed download is code 4 with "Format error".
const chromiumDownloadFailed = { code: 4, message: 'MEDIA_ELEMENT_ERROR: Format error' };
const chromiumUnsupported = { code: 4, message: 'DEMUXER_ERROR_NO_SUPPORTED_STREAMS: FFmpegDemuxer: no supported streams' };
const networkError = { code: 2, message: '' };
const decodeError = { code: 3, message: 'PIPELINE_ERROR_DECODE' };

describe('the sentence for a failed episode', () => {
  it('says the device is offline when it is, whatever the browser reported', () => {
    for (const error of [chromiumDownloadFailed, networkError, decodeError, null]) {
      expect(playbackErrorSentence(error, false)).toBe('The episode’s audio could not be loaded because this device is offline.');
    }
  });

  it('says the audio could not be loaded, not that the browser cannot play it, for a failed download online', () => {
    expect(playbackErrorSentence(chromiumDownloadFailed, true)).toBe('The episode’s audio could not be loaded. Press Play to try again.');
    expect(playbackErrorSentence(networkError, true)).toBe('The episode’s audio could not be loaded. Press Play to try again.');
    expect(playbackErrorSentence({ code: 4, message: '' }, true)).toBe('The episode’s audio could not be loaded. Press Play to try again.');
  });

  it('says the browser cannot play the audio only when decoding failed or the format is named unsupported', () => {
    expect(playbackErrorSentence(decodeError, true)).toBe('This episode’s audio cannot be played in this browser.');
    expect(playbackErrorSentence(chromiumUnsupported, true)).toBe('This episode’s audio cannot be played in this browser.');
  });
});
