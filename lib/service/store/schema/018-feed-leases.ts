/**
 * A claim on a feed by the scheduler that fetches it (issue 26): until `lease_until` passes, no other
 * claim takes the feed, so schedulers sharing one database never fetch it twice in a round, and a
 * scheduler that dies lets it go when its lease runs out. Written when the fetch is, cleared then.
 */
export const feedLeasesSchema = /* sql */ `
ALTER TABLE feeds ADD COLUMN lease_until TEXT;
`;
