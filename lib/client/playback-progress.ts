import type { ResponseOf } from '@/lib/contract/types';
import { enqueueOrSend, type SendOutcome } from './outbox';

export type PlaybackResult = ResponseOf<'recordPlayback'>;

/**
 * Records where an episode is (for the player: every 15 s, on pause, on leaving). Sent now,
 * or queued without a connection; the device's clock goes along as `client_timestamp`, so
 * across devices and replays the latest position wins.
 */
export function recordPlaybackProgress(itemId: string, positionSeconds: number, options: { title?: string | null; at?: Date } = {}): Promise<SendOutcome<PlaybackResult>> {
  const clientTimestamp = (options.at ?? new Date()).toISOString();
  return enqueueOrSend<PlaybackResult>({ kind: 'playback', itemId, positionSeconds: Math.max(0, positionSeconds), clientTimestamp }, { title: options.title });
}
