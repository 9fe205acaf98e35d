/**
 * entry_counts follow an INSERT into entries once per statement, from its transition table (one
 * grouped upsert), instead of a PL/pgSQL call and an upsert per row: a refresh inserts a feed's
 * entries in one statement, and the per-row calls were about a tenth of that statement's time.
 * Groups are upserted in key order, so two inserts at once take their count rows in the same order.
 */
export const entryCountsInsertSchema = /* sql */ `
DROP TRIGGER entry_counts_insert ON entries;
DROP FUNCTION entry_counts_on_insert();

CREATE FUNCTION entry_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO entry_counts AS c (user_id, subscription_id, item_type, is_read, is_saved, n)
    SELECT user_id, COALESCE(subscription_id, ''), item_type, is_read, is_saved, COUNT(*) FROM new_entries
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (user_id, subscription_id, item_type, is_read, is_saved) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
CREATE TRIGGER entry_counts_insert AFTER INSERT ON entries REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION entry_counts_on_insert();
`;
