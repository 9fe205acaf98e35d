/*
 * What to tell a person when the audio fails. Browsers report most failures vaguely:
 * Chromium gives MEDIA_ERR_SRC_NOT_SUPPORTED (4) for a download that failed as much as
 * for a format it cannot play, so "cannot be played in this browser" is said only when
 * the error says outright that decoding failed or the format is unsupported.
 */

/** MediaError codes (the constants are missing where there is no media support). */
const networkFailed = 2;
const decodeFailed = 3;
const sourceNotSupported = 4;

/** Chromium's and Firefox's messages for a format or codec they cannot play (a failed download says "Format error"). */
const unsupportedFormat = /NO_SUPPORTED_STREAMS|DECODER_ERROR_NOT_SUPPORTED|codec|unsupported|not supported/i;

/** The sentence the player shows for a failed episode; `online` is navigator.onLine. */
export function playbackErrorSentence(error: Pick<MediaError, 'code' | 'message'> | null, online: boolean): string {
  if (!online) return 'The episode’s audio could not be loaded because this device is offline.';
  const cannotPlay = error?.code === decodeFailed || (error?.code === sourceNotSupported && unsupportedFormat.test(error.message));
  if (cannotPlay) return 'This episode’s audio cannot be played in this browser.';
  if (error?.code === networkFailed || error?.code === sourceNotSupported) return 'The episode’s audio could not be loaded. Press Play to try again.';
  return 'The episode could not be played.';
}
