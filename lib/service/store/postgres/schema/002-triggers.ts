/**
 * SQLite's triggers (migrations 006 and 009) as PL/pgSQL: entry_counts kept exact by every write
 * to entries (skipped for a user held in entry_counts_paused, as mark-all moves the counts
 * itself), and every unsubscribe recorded in subscription_removals for gpodder's `since`.
 * A trigger's WHEN cannot hold a subquery here, so the paused check is in the function.
 */
export const triggersSchema = /* sql */ `
CREATE FUNCTION entry_counts_add(for_user TEXT, for_subscription TEXT, for_type TEXT, read_flag INTEGER, saved_flag INTEGER, delta INTEGER)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF delta > 0 THEN
    INSERT INTO entry_counts AS c (user_id, subscription_id, item_type, is_read, is_saved, n)
      VALUES (for_user, COALESCE(for_subscription, ''), for_type, read_flag, saved_flag, delta)
      ON CONFLICT (user_id, subscription_id, item_type, is_read, is_saved) DO UPDATE SET n = c.n + delta;
  ELSE
    UPDATE entry_counts AS c SET n = c.n + delta WHERE c.user_id = for_user AND c.subscription_id = COALESCE(for_subscription, '')
      AND c.item_type = for_type AND c.is_read = read_flag AND c.is_saved = saved_flag;
  END IF;
END $$;

CREATE FUNCTION entry_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM entry_counts_add(NEW.user_id, NEW.subscription_id, NEW.item_type, NEW.is_read, NEW.is_saved, 1);
  RETURN NULL;
END $$;
CREATE TRIGGER entry_counts_insert AFTER INSERT ON entries FOR EACH ROW EXECUTE FUNCTION entry_counts_on_insert();

-- A row left at zero by a deletion goes; zero rows left by read/unread changes stay (the state tends to flip back).
CREATE FUNCTION entry_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM entry_counts_add(OLD.user_id, OLD.subscription_id, OLD.item_type, OLD.is_read, OLD.is_saved, -1);
  DELETE FROM entry_counts WHERE user_id = OLD.user_id AND subscription_id = COALESCE(OLD.subscription_id, '')
    AND item_type = OLD.item_type AND is_read = OLD.is_read AND is_saved = OLD.is_saved AND n = 0;
  RETURN NULL;
END $$;
CREATE TRIGGER entry_counts_delete AFTER DELETE ON entries FOR EACH ROW EXECUTE FUNCTION entry_counts_on_delete();

CREATE FUNCTION entry_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM entry_counts_paused WHERE user_id = OLD.user_id) THEN RETURN NULL; END IF;
  PERFORM entry_counts_add(OLD.user_id, OLD.subscription_id, OLD.item_type, OLD.is_read, OLD.is_saved, -1);
  PERFORM entry_counts_add(NEW.user_id, NEW.subscription_id, NEW.item_type, NEW.is_read, NEW.is_saved, 1);
  RETURN NULL;
END $$;
CREATE TRIGGER entry_counts_update AFTER UPDATE OF user_id, subscription_id, item_type, is_read, is_saved ON entries
  FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.subscription_id IS DISTINCT FROM NEW.subscription_id
    OR OLD.item_type IS DISTINCT FROM NEW.item_type OR OLD.is_read IS DISTINCT FROM NEW.is_read OR OLD.is_saved IS DISTINCT FROM NEW.is_saved)
  EXECUTE FUNCTION entry_counts_on_update();

-- A user's deletion cascades to their subscriptions: by then the user is gone, and nothing is recorded.
CREATE FUNCTION subscription_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subscription_removals (user_id, url, removed_ms)
    SELECT OLD.user_id, f.url, floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint FROM feeds f
    WHERE f.id = OLD.feed_id AND f.url IS NOT NULL AND EXISTS (SELECT 1 FROM users u WHERE u.id = OLD.user_id);
  RETURN NULL;
END $$;
CREATE TRIGGER subscription_removed AFTER DELETE ON subscriptions FOR EACH ROW EXECUTE FUNCTION subscription_on_delete();
`;
