import { preparedStatement, type Db } from '../../store/database';
import { notFound } from '../errors';

/** Filters shared by the items list and mark-all-as-read. */
export type ItemFilter = {
  subscription_ids?: string[];
  folder_ids?: string[];
  tag_ids?: string[];
  is_read?: boolean;
  is_saved?: boolean;
  item_type?: 'article' | 'episode';
  from_ms?: number;
  until_ms?: number;
  in_progress?: boolean;
};

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

/** Adds the filters to the conditions, answering 404 when a filter names something the user does not have. */
export function applyItemFilter(db: Db, userId: string, filter: ItemFilter, where: EntryConditions): EntryConditions {
  requireOwned(db, userId, 'subscriptions', 'subscription', filter.subscription_ids);
  requireOwned(db, userId, 'folders', 'folder', filter.folder_ids);
  requireOwned(db, userId, 'tags', 'tag', filter.tag_ids);
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

function requireOwned(db: Db, userId: string, table: 'subscriptions' | 'folders' | 'tags', noun: string, ids?: string[]): void {
  if (!ids?.length) return;
  const unique = [...new Set(ids)];
  const found = new Set(preparedStatement(db, `SELECT id FROM ${table} WHERE user_id = ? AND id IN (${unique.map(() => '?').join(', ')})`)
    .pluck().all(userId, ...unique) as string[]);
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length) throw notFound(`No ${noun} with id ${missing[0]} exists.`);
}

/** Milliseconds at the start of a calendar day in UTC. */
export function startOfDayMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/** Milliseconds at the last moment of a calendar day in UTC. */
export function endOfDayMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) + 86_400_000 - 1;
}
