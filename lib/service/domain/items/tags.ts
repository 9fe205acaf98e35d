import { randomUUID } from 'node:crypto';
import type { Db } from '../../store/database';

/** Replaces the user's tags on an item with these names, creating tags that do not exist yet. */
export function setItemTags(db: Db, userId: string, itemId: string, names: string[]): void {
  // Names differing only in case are one tag; the first spelling given is the one kept.
  const byKey = new Map<string, string>();
  for (const name of names.map((each) => each.trim())) if (!byKey.has(name.toLowerCase())) byKey.set(name.toLowerCase(), name);
  const unique = [...byKey.values()];
  const findTag = db.prepare('SELECT id FROM tags WHERE user_id = ? AND name = ?').pluck();
  const createTag = db.prepare('INSERT INTO tags (id, user_id, name, created_at) VALUES (?, ?, ?, ?)');
  const tagIds = unique.map((name) => {
    const found = findTag.get(userId, name) as string | undefined;
    if (found) return found;
    const id = randomUUID();
    createTag.run(id, userId, name, new Date().toISOString());
    return id;
  });
  db.prepare('DELETE FROM item_tags WHERE user_id = ? AND item_id = ?').run(userId, itemId);
  const link = db.prepare('INSERT INTO item_tags (tag_id, item_id, user_id) VALUES (?, ?, ?)');
  for (const tagId of tagIds) link.run(tagId, itemId, userId);
}
