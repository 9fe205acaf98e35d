import { preparedStatement, type Db } from '../database';
import type { ItemFilter, MissingTarget } from '../items';

/** A WHERE clause over `entries e` built piece by piece, with named parameters. */
export class EntryConditions {
  readonly clauses: string[] = ['e.user_id = @user'];
  readonly params: Record<string, unknown>;

  constructor(userId: string) {
    this.params = { user: userId };
  }

  /** Adds a clause. */
  add(clause: string, params: Record<string, unknown> = {}): this {
    this.clauses.push(clause);
    Object.assign(this.params, params);
    return this;
  }

  /** Adds `column IN (...)` for a list of ids, binding each. */
  addIn(template: (list: string) => string, name: string, ids: string[]): this {
    const names = ids.map((id, index) => {
      this.params[`${name}${index}`] = id;
      return `@${name}${index}`;
    });
    return this.add(template(names.join(', ')));
  }

  /** A copy to extend without touching this one. */
  clone(): EntryConditions {
    const copy = new EntryConditions(this.params.user as string);
    copy.clauses.splice(0, copy.clauses.length, ...this.clauses);
    Object.assign(copy.params, this.params);
    return copy;
  }

  /** The clause, ready after WHERE. */
  sql(): string {
    return this.clauses.join(' AND ');
  }
}

/** Adds the filters to the conditions (check the filter's ids with missingTarget first). */
export function applyItemFilter(filter: ItemFilter, where: EntryConditions): EntryConditions {
  if (filter.subscription_ids?.length) where.addIn((list) => `e.subscription_id IN (${list})`, 'sub', filter.subscription_ids);
  if (filter.folder_ids?.length) {
    where.addIn((list) => `e.subscription_id IN (SELECT id FROM subscriptions WHERE user_id = @user AND folder_id IN (${list}))`, 'folder', filter.folder_ids);
  }
  if (filter.tag_ids?.length) {
    where.addIn((list) => `e.item_id IN (SELECT item_id FROM item_tags WHERE tag_id IN (${list}))`, 'tag', filter.tag_ids);
  }
  if (filter.is_read !== undefined) where.add('e.is_read = @isRead', { isRead: filter.is_read ? 1 : 0 });
  if (filter.is_saved !== undefined) where.add('e.is_saved = @isSaved', { isSaved: filter.is_saved ? 1 : 0 });
  if (filter.item_type) where.add('e.item_type = @itemType', { itemType: filter.item_type });
  if (filter.from_ms !== undefined) where.add('e.published_ms >= @fromMs', { fromMs: filter.from_ms });
  if (filter.until_ms !== undefined) where.add('e.published_ms <= @untilMs', { untilMs: filter.until_ms });
  if (filter.in_progress === true) where.add("e.item_type = 'episode' AND e.playback_position > 0 AND e.playback_completed = 0");
  if (filter.in_progress === false) where.add("e.item_type = 'episode' AND NOT (COALESCE(e.playback_position, 0) > 0 AND e.playback_completed = 0)");
  return where;
}

const owned = [['subscription_ids', 'subscriptions', 'subscription'], ['folder_ids', 'folders', 'folder'], ['tag_ids', 'tags', 'tag']] as const;

/** The first subscription, folder or tag the filter names that the user does not have, or null. */
export function missingTarget(db: Db, userId: string, filter: ItemFilter): MissingTarget | null {
  for (const [field, table, noun] of owned) {
    const ids = filter[field];
    if (!ids?.length) continue;
    const unique = [...new Set(ids)];
    const found = new Set(preparedStatement(db, `SELECT id FROM ${table} WHERE user_id = ? AND id IN (${unique.map(() => '?').join(', ')})`)
      .pluck().all(userId, ...unique) as string[]);
    const missing = unique.find((id) => !found.has(id));
    if (missing !== undefined) return { missing: noun, id: missing };
  }
  return null;
}
