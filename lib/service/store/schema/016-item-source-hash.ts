/**
 * A hash of each item as its feed last wrote it (title, text, link), so that a refresh tells an
 * item the feed edited in place (same guid) from one it already holds, without sanitizing every
 * stored item again. Items stored before have none: the next fetch that lists them works it out once.
 */
export const itemSourceHashSchema = /* sql */ `
ALTER TABLE items ADD COLUMN source_hash TEXT;
`;
