/**
 * One unread index instead of two: marking 100,000 entries read deleted each from both partial
 * indexes (entries_unread and entries_unread_subscription), most of mark-all's time on SQLite.
 * What read the per-subscription one now counts from entry_counts (the subscription and folder
 * records, the sync APIs' unread counts); a subscription's unread entries are found through
 * entries_subscription, a few hundred rows at most.
 */
export const unreadIndexSchema = /* sql */ `
DROP INDEX entries_unread_subscription;
`;
