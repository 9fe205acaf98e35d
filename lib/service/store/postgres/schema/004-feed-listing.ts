/** SQLite's migration 017 on PostgreSQL: what each feed listed when last fetched. */
export const feedListingSchema = /* sql */ `
ALTER TABLE feeds ADD COLUMN listed_items TEXT;
`;
