/**
 * How many entries each user holds per subscription, item type, read and saved state, kept
 * exact by triggers on entries: every write path (ingest fan-out, subscribing, read/save
 * changes, mark-all, unsubscribing, cascades from deleted users, items and subscriptions)
 * updates it without knowing of it. The items list takes its `pagination.total` from here for
 * the common filters instead of counting ~100k index entries a request, and unread counts per
 * subscription or folder are a sum over a few rows.
 *
 * An entry without a subscription counts under '' (a primary key cannot hold NULL as one value).
 * No foreign key to users: deleting a user deletes their entries, whose trigger empties the rows.
 * Entries are never written with INSERT OR REPLACE, which would delete without a trigger.
 *
 * Firing a trigger per row costs about 3.5 µs, which would take marking 100,000 items read from
 * ~0.5 s to ~0.9 s; so mark-all holds a row in entry_counts_paused for the user inside its
 * transaction, which the update trigger skips, and moves the counts itself, group by group.
 * SQLite's mark-all now drops the trigger for its statement instead, as even paused it ran per
 * row (sqlite/item-counts.ts); PostgreSQL's still pauses.
 */
export const entryCountsSchema = /* sql */ `
CREATE TABLE entry_counts (
  user_id TEXT NOT NULL,
  subscription_id TEXT NOT NULL,
  item_type TEXT NOT NULL,
  is_read INTEGER NOT NULL,
  is_saved INTEGER NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (user_id, subscription_id, item_type, is_read, is_saved)
) WITHOUT ROWID;

INSERT INTO entry_counts (user_id, subscription_id, item_type, is_read, is_saved, n)
  SELECT user_id, COALESCE(subscription_id, ''), item_type, is_read, is_saved, COUNT(*) FROM entries
  GROUP BY user_id, COALESCE(subscription_id, ''), item_type, is_read, is_saved;

CREATE TABLE entry_counts_paused (user_id TEXT PRIMARY KEY) WITHOUT ROWID;

CREATE TRIGGER entry_counts_insert AFTER INSERT ON entries BEGIN
  INSERT INTO entry_counts (user_id, subscription_id, item_type, is_read, is_saved, n)
    VALUES (new.user_id, COALESCE(new.subscription_id, ''), new.item_type, new.is_read, new.is_saved, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;

-- A row left at zero by a deletion goes (the subscription is usually going too); zero rows left by
-- read/unread changes stay, as the state tends to flip back.
CREATE TRIGGER entry_counts_delete AFTER DELETE ON entries BEGIN
  UPDATE entry_counts SET n = n - 1 WHERE user_id = old.user_id AND subscription_id = COALESCE(old.subscription_id, '')
    AND item_type = old.item_type AND is_read = old.is_read AND is_saved = old.is_saved;
  DELETE FROM entry_counts WHERE user_id = old.user_id AND subscription_id = COALESCE(old.subscription_id, '')
    AND item_type = old.item_type AND is_read = old.is_read AND is_saved = old.is_saved AND n = 0;
END;

CREATE TRIGGER entry_counts_update AFTER UPDATE OF user_id, subscription_id, item_type, is_read, is_saved ON entries
WHEN (old.user_id IS NOT new.user_id OR old.subscription_id IS NOT new.subscription_id OR old.item_type IS NOT new.item_type
  OR old.is_read IS NOT new.is_read OR old.is_saved IS NOT new.is_saved)
  AND NOT EXISTS (SELECT 1 FROM entry_counts_paused WHERE user_id = old.user_id)
BEGIN
  UPDATE entry_counts SET n = n - 1 WHERE user_id = old.user_id AND subscription_id = COALESCE(old.subscription_id, '')
    AND item_type = old.item_type AND is_read = old.is_read AND is_saved = old.is_saved;
  INSERT INTO entry_counts (user_id, subscription_id, item_type, is_read, is_saved, n)
    VALUES (new.user_id, COALESCE(new.subscription_id, ''), new.item_type, new.is_read, new.is_saved, 1)
    ON CONFLICT DO UPDATE SET n = n + 1;
END;
`;
