import type { Pool } from 'pg';
import type { LabelStore } from '../labels';
import { deleteFolder, folderNamed, updateFolder } from './folders';
import { deleteTag, renameTag } from './tags';
import { inTransaction, isUniqueViolation, type Queryable } from './unit-of-work';

/** The id of the user's tag with this name (the column compares without case), or null. */
async function tagNamed(db: Queryable, userId: string, name: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM tags WHERE user_id = $1 AND name = $2', [userId, name]);
  return rows[0]?.id ?? null;
}

/** The label store on PostgreSQL: the folder and tag changes of one label in one transaction. */
export function postgresLabelStore(pool: Pool): LabelStore {
  return {
    rename: async (userId, from, to) => {
      try {
        return await inTransaction(pool, async (db) => {
          const folder = await folderNamed(db, userId, from);
          const tag = await tagNamed(db, userId, from);
          if (!folder && !tag) return 'not_found' as const;
          if (folder && (await updateFolder(db, userId, folder, { name: to })) === 'name_taken') return 'name_taken' as const;
          if (tag) await renameTag(db, userId, tag, to);
          return 'renamed' as const;
        });
      } catch (error) {
        // Another writer gave a folder the name between our check and our change.
        if (isUniqueViolation(error)) return 'name_taken';
        throw error;
      }
    },
    delete: (userId, name) => inTransaction(pool, async (db) => {
      const folder = await folderNamed(db, userId, name);
      const tag = await tagNamed(db, userId, name);
      if (folder) await deleteFolder(db, userId, folder);
      if (tag) await deleteTag(db, userId, tag);
      return !!(folder || tag);
    }),
  };
}
