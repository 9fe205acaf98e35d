import { randomUUID } from 'node:crypto';
import type { RuleAction } from '@/lib/contract/rules';
import { preparedOnce, type Db } from '../../store/database';
import { plans } from '../plans';

function prepareStatements(db: Db) {
  return {
    markRead: db.prepare('UPDATE entries SET is_read = 1 WHERE user_id = ? AND item_id = ? AND is_read = 0'),
    save: db.prepare('UPDATE entries SET is_saved = 1, saved_at = ? WHERE user_id = ? AND item_id = ? AND is_saved = 0'),
    savedCount: db.prepare('SELECT COUNT(*) FROM entries WHERE user_id = ? AND is_saved = 1').pluck(),
    plan: db.prepare('SELECT plan FROM users WHERE id = ?').pluck(),
    findTag: db.prepare('SELECT id FROM tags WHERE user_id = ? AND name = ?').pluck(),
    createTag: db.prepare('INSERT INTO tags (id, user_id, name, created_at) VALUES (?, ?, ?, ?)'),
    hasEntry: db.prepare('SELECT 1 FROM entries WHERE user_id = ? AND item_id = ?').pluck(),
    tag: db.prepare('INSERT OR IGNORE INTO item_tags (tag_id, item_id, user_id) VALUES (?, ?, ?)'),
    keepHidden: db.prepare(`INSERT OR IGNORE INTO hidden_items (user_id, item_id, subscription_id, rule_id, item_type, published_ms, item_rowid, is_read, hidden_at)
      SELECT user_id, item_id, subscription_id, ?, item_type, published_ms, item_rowid, is_read, ? FROM entries WHERE user_id = ? AND item_id = ? AND is_saved = 0`),
    dropEntry: db.prepare('DELETE FROM entries WHERE user_id = ? AND item_id = ?'),
  };
}

const statementsOf = preparedOnce(prepareStatements);

/**
 * Does rules' actions for one user within one run (an ingest, an apply): the saved-items room
 * of their plan is looked up once, and saving stops where the plan's limit is, as it would for
 * the person. A saved item is never hidden: saving it was a choice to keep it in sight.
 */
export class RuleActor {
  private saveRoom: number | null | undefined;
  private readonly tagIds = new Map<string, string>();

  constructor(private readonly db: Db, readonly userId: string) {}

  /** Does the action to the user's entry of the item; true when that changed something. */
  act(itemId: string, action: RuleAction, tag: string | null, ruleId: string | null): boolean {
    const statements = statementsOf(this.db);
    switch (action) {
      case 'mark_read':
        return statements.markRead.run(this.userId, itemId).changes > 0;
      case 'save':
        if (this.room() === 0) return false;
        if (statements.save.run(new Date().toISOString(), this.userId, itemId).changes === 0) return false;
        if (this.saveRoom) this.saveRoom--;
        return true;
      case 'tag':
        if (!statements.hasEntry.get(this.userId, itemId)) return false;
        return statements.tag.run(this.tagId(tag!), itemId, this.userId).changes > 0;
      case 'hide':
        if (statements.keepHidden.run(ruleId, new Date().toISOString(), this.userId, itemId).changes === 0) return false;
        statements.dropEntry.run(this.userId, itemId);
        return true;
    }
  }

  private room(): number | null {
    if (this.saveRoom === undefined) {
      const statements = statementsOf(this.db);
      const limit = plans[statements.plan.get(this.userId) as keyof typeof plans]?.savedItems ?? null;
      this.saveRoom = limit === null ? null : Math.max(0, limit - (statements.savedCount.get(this.userId) as number));
    }
    return this.saveRoom;
  }

  private tagId(name: string): string {
    const known = this.tagIds.get(name.toLowerCase());
    if (known) return known;
    const statements = statementsOf(this.db);
    let id = statements.findTag.get(this.userId, name) as string | undefined;
    if (!id) {
      id = randomUUID();
      statements.createTag.run(id, this.userId, name, new Date().toISOString());
    }
    this.tagIds.set(name.toLowerCase(), id);
    return id;
  }
}
