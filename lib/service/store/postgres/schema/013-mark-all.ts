/**
 * Mark all read without counting its rows: migration 007's statement trigger kept a copy of every
 * changed row (old and new) and grouped them, about a fifth of marking 100,000 entries.
 * entry_counts follow an UPDATE of entries per row again (as SQLite's do), except for the user
 * named in the transaction's `tidings.entry_counts_moved_for` setting: mark-all sets it and moves
 * the counts itself, once per group, worked out from entry_counts beforehand (postgres/mark-all.ts).
 * The setting is read in the trigger's WHEN, so a skipped row queues no trigger call.
 */
export const markAllSchema = /* sql */ `
DROP TRIGGER entry_counts_update ON entries;
DROP FUNCTION entry_counts_on_update();

CREATE FUNCTION entry_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM entry_counts_add(OLD.user_id, OLD.subscription_id, OLD.item_type, OLD.is_read, OLD.is_saved, -1);
  PERFORM entry_counts_add(NEW.user_id, NEW.subscription_id, NEW.item_type, NEW.is_read, NEW.is_saved, 1);
  RETURN NULL;
END $$;
CREATE TRIGGER entry_counts_update AFTER UPDATE OF user_id, subscription_id, item_type, is_read, is_saved ON entries
  FOR EACH ROW WHEN ((OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.subscription_id IS DISTINCT FROM NEW.subscription_id
    OR OLD.item_type IS DISTINCT FROM NEW.item_type OR OLD.is_read IS DISTINCT FROM NEW.is_read OR OLD.is_saved IS DISTINCT FROM NEW.is_saved)
    AND OLD.user_id IS DISTINCT FROM current_setting('tidings.entry_counts_moved_for', true))
  EXECUTE FUNCTION entry_counts_on_update();
`;
