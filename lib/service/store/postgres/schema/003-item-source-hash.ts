/** SQLite's migration 016 on PostgreSQL: the hash of each item as its feed last wrote it. */
export const itemSourceHashSchema = /* sql */ `
ALTER TABLE items ADD COLUMN source_hash TEXT;
`;
