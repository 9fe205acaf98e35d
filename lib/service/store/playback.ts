/** Where a user is in an episode, as an entry keeps it. */
export type PlaybackState = {
  item_type: 'article' | 'episode'; duration_seconds: number | null;
  playback_position: number | null; last_played_ms: number | null; playback_client_ms: number | null;
  is_read: boolean; playback_completed: boolean;
};

/** Listening positions of episodes, per user. */
export type PlaybackStore = {
  /**
   * Replaces the entry's state with what `next` answers for it (null keeps it), in one unit of
   * work; an error `next` throws changes nothing. Answers the state kept, or null when the user
   * has no entry for the item.
   */
  record(userId: string, itemId: string, next: (current: PlaybackState) => PlaybackState | null): Promise<PlaybackState | null>;
};
