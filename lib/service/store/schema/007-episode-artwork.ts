/**
 * Episodes stored without artwork of their own take their podcast's: refreshes skip items
 * already stored, so those kept before the channel image became the fallback would stay blank.
 */
export const episodeArtworkBackfill = /* sql */ `
UPDATE items SET artwork_url = (SELECT feeds.artwork_url FROM feeds WHERE feeds.id = items.feed_id)
WHERE item_type = 'episode' AND artwork_url IS NULL;
`;
