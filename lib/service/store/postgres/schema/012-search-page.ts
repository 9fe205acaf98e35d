/**
 * A search's page and count on PostgreSQL from one index: entries_search gains item_id (the
 * pages' tie-break), so the matches' keys, counted and ordered, are read off the index without
 * visiting entries; only the page's rows are then read. It replaces entries_search, whose columns
 * it starts with.
 */
export const searchPageSchema = /* sql */ `
CREATE INDEX entries_search_page ON entries(user_id, item_rowid, published_ms, item_id);
DROP INDEX entries_search;
`;
