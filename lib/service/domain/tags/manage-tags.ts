import type { Tag } from '@/lib/contract/items';
import type { TagListEntry } from '@/lib/contract/organizing';
import type { User } from '../accounts';
import type { Db } from '../../store/database';
import { forgetInSavedSearches } from '../../store/sqlite/saved-search-references';
import { notFound } from '../errors';

/** A tag record's columns, from `tags t`. */
export const tagColumns = 't.id, t.name, (SELECT COUNT(*) FROM item_tags c WHERE c.tag_id = t.id) AS item_count';

// Only the list counts unread items: the tag record elsewhere (items, search) is SPEC.md's, without it.
const unreadColumn = `(SELECT COUNT(*) FROM item_tags c JOIN entries e ON e.user_id = c.user_id AND e.item_id = c.item_id
  WHERE c.tag_id = t.id AND e.is_read = 0) AS unread_count`;

/** GET /v1/tags: every tag of the user by name, with how many items carry it and how many of those are unread. */
export function listTags(db: Db, user: User): TagListEntry[] {
  return db.prepare(`SELECT ${tagColumns}, ${unreadColumn} FROM tags t WHERE t.user_id = ? ORDER BY t.name COLLATE NOCASE, t.id`)
    .all(user.id) as TagListEntry[];
}

/** One tag of the user, or 404. */
export function getTag(db: Db, user: User, id: string): Tag {
  const tag = db.prepare(`SELECT ${tagColumns} FROM tags t WHERE t.id = ? AND t.user_id = ?`).get(id, user.id) as Tag | undefined;
  if (!tag) throw notFound(`No tag with id ${id} exists.`);
  return tag;
}

/**
 * PATCH /v1/tags/{id}: renames the tag. When another tag already has the name, the two
 * merge: that tag (spelled as given) gets every item of this one, and this one goes.
 * Answers the tag that carries the name now, whose id differs from the path's after a merge.
 */
export function renameTag(db: Db, user: User, id: string, name: string): Tag {
  return db.transaction(() => {
    getTag(db, user, id);
    const target = db.prepare('SELECT id FROM tags WHERE user_id = ? AND name = ? AND id != ?').pluck().get(user.id, name, id) as string | undefined;
    if (!target) {
      db.prepare('UPDATE tags SET name = ? WHERE id = ?').run(name, id);
      return getTag(db, user, id);
    }
    db.prepare(`INSERT OR IGNORE INTO item_tags (tag_id, item_id, user_id)
      SELECT ?, item_id, user_id FROM item_tags WHERE tag_id = ?`).run(target, id);
    db.prepare('DELETE FROM tags WHERE id = ?').run(id);
    db.prepare('UPDATE tags SET name = ? WHERE id = ?').run(name, target);
    forgetInSavedSearches(db, user.id, 'tag_ids', id, target);
    return getTag(db, user, target);
  })();
}

/** DELETE /v1/tags/{id}: the tag goes from every item (the items stay) and from saved searches. */
export function deleteTag(db: Db, user: User, id: string): string {
  return db.transaction(() => {
    const tag = getTag(db, user, id);
    db.prepare('DELETE FROM tags WHERE id = ?').run(id);
    forgetInSavedSearches(db, user.id, 'tag_ids', id);
    return `Deleted the tag ${tag.name}.`;
  })();
}
