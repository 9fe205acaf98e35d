/** An episode as its chapters are read: its type, and its platform metadata (JSON text) holding them or their address. */
export type ChapteredItem = { item_type: 'article' | 'episode'; platform_metadata: string | null };

/** Where episodes' chapters are found. */
export type ChapterStore = {
  /** One of the user's items (one they have an entry for), or null. */
  item(userId: string, itemId: string): Promise<ChapteredItem | null>;
};
