/**
 * Entries learn their item's rowid (the rowid of items_fts too), so a search joins the
 * full-text matches to the user's entries through one narrow index instead of reading
 * every matching item row. Unread lookups move to partial indexes (WHERE is_read = 0), so
 * marking items read or unread updates one small index instead of two wide ones, and a
 * subscription's list no longer depends on its read state being in the key.
 */
export const searchEntriesSchema = /* sql */ `
ALTER TABLE entries ADD COLUMN item_rowid INTEGER;
UPDATE entries SET item_rowid = (SELECT rowid FROM items WHERE items.id = entries.item_id);
CREATE INDEX entries_search ON entries(user_id, item_rowid, published_ms);
DROP INDEX entries_read;
DROP INDEX entries_subscription;
CREATE INDEX entries_unread ON entries(user_id, published_ms, item_id) WHERE is_read = 0;
CREATE INDEX entries_subscription ON entries(user_id, subscription_id, published_ms);
CREATE INDEX entries_unread_subscription ON entries(user_id, subscription_id, published_ms) WHERE is_read = 0;
`;
