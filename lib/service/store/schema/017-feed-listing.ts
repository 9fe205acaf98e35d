/**
 * What each feed listed when last fetched (its items' guids, and links of those without one), so
 * that a new subscription to a feed already stored starts from what the feed lists now rather
 * than from every item ever stored for it. Feeds not fetched since have none: they start from all.
 */
export const feedListingSchema = /* sql */ `
ALTER TABLE feeds ADD COLUMN listed_items TEXT;
`;
