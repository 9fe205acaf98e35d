/** SQLite's migration 018 on PostgreSQL: the scheduler's claim on a feed (see store/schema/018-feed-leases.ts). */
export const feedLeasesSchema = /* sql */ `
ALTER TABLE feeds ADD COLUMN lease_until TEXT;
`;
