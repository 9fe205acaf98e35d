import type { ItemFilter } from '../items';

/** A WHERE clause over `entries e` built piece by piece, its values bound as $1, $2…: the user is always $1. */
export class EntryConditions {
  readonly clauses: string[] = ['e.user_id = $1'];
  readonly values: unknown[];

  constructor(userId: string) {
    this.values = [userId];
  }

  /** Binds a value: its placeholder. */
  bind(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** Adds a clause. */
  add(clause: string): this {
    this.clauses.push(clause);
    return this;
  }

  /** A copy to extend without touching this one. */
  clone(): EntryConditions {
    const copy = new EntryConditions(this.values[0] as string);
    copy.clauses.splice(0, copy.clauses.length, ...this.clauses);
    copy.values.splice(0, copy.values.length, ...this.values);
    return copy;
  }

  /** The clause, ready after WHERE. */
  sql(): string {
    return this.clauses.join(' AND ');
  }
}

/** Adds the filters to the conditions, as SQLite's applyItemFilter does (check the filter's ids first). */
export function applyItemFilter(filter: ItemFilter, where: EntryConditions): EntryConditions {
  if (filter.subscription_ids?.length) where.add(`e.subscription_id = ANY(${where.bind(filter.subscription_ids)}::text[])`);
  if (filter.folder_ids?.length) {
    where.add(`e.subscription_id IN (SELECT id FROM subscriptions WHERE user_id = $1 AND folder_id = ANY(${where.bind(filter.folder_ids)}::text[]))`);
  }
  if (filter.tag_ids?.length) where.add(`e.item_id IN (SELECT item_id FROM item_tags WHERE tag_id = ANY(${where.bind(filter.tag_ids)}::text[]))`);
  if (filter.is_read !== undefined) where.add(`e.is_read = ${filter.is_read ? 1 : 0}`);
  if (filter.is_saved !== undefined) where.add(`e.is_saved = ${filter.is_saved ? 1 : 0}`);
  if (filter.item_type) where.add(`e.item_type = ${where.bind(filter.item_type)}`);
  if (filter.from_ms !== undefined) where.add(`e.published_ms >= ${where.bind(filter.from_ms)}`);
  if (filter.until_ms !== undefined) where.add(`e.published_ms <= ${where.bind(filter.until_ms)}`);
  if (filter.in_progress === true) where.add("e.item_type = 'episode' AND e.playback_position > 0 AND e.playback_completed = 0");
  if (filter.in_progress === false) where.add("e.item_type = 'episode' AND NOT (COALESCE(e.playback_position, 0) > 0 AND e.playback_completed = 0)");
  return where;
}
