import { preparedOnce, type Db } from '../database';
import type { LabelStore } from '../labels';
import { folderUnits } from './folders';
import { tagUnits } from './tags';

const statements = preparedOnce((db: Db) => ({
  // Both name columns compare without case (COLLATE NOCASE in the schema).
  tagNamed: db.prepare('SELECT id FROM tags WHERE user_id = ? AND name = ?').pluck(),
}));

/** The label store on SQLite: the folder and tag units of one label in one transaction. */
export function sqliteLabelStore(db: Db): LabelStore {
  const folders = folderUnits(db);
  const tags = tagUnits(db);
  const tagNamed = (userId: string, name: string) => (statements(db).tagNamed.get(userId, name) as string | undefined) ?? null;
  const rename = db.transaction((userId: string, from: string, to: string): 'renamed' | 'not_found' | 'name_taken' => {
    const folder = folders.named(userId, from);
    const tag = tagNamed(userId, from);
    if (!folder && !tag) return 'not_found';
    if (folder && folders.update(userId, folder, { name: to }) === 'name_taken') return 'name_taken';
    if (tag) tags.rename(userId, tag, to);
    return 'renamed';
  });
  const remove = db.transaction((userId: string, name: string): boolean => {
    const folder = folders.named(userId, name);
    const tag = tagNamed(userId, name);
    if (folder) folders.remove(userId, folder);
    if (tag) tags.remove(userId, tag);
    return !!(folder || tag);
  });
  return {
    rename: async (userId, from, to) => rename(userId, from, to),
    delete: async (userId, name) => remove(userId, name),
  };
}
