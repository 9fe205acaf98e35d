import type { Tag } from '@/lib/contract/items';
import type { Db } from '../../store/database';
import type { DetailRow } from './item-view';

const maxSuggestions = 5;

/** Tag suggestions: the user's existing tags whose words occur in the item first, then none it already has. */
export function suggestTags(db: Db, userId: string, row: DetailRow, current: Tag[]): string[] {
  const have = new Set(current.map((tag) => tag.name.toLowerCase()));
  const text = `${row.title} ${row.summary ?? ''}`.toLowerCase();
  const existing = db.prepare('SELECT name FROM tags WHERE user_id = ? ORDER BY name').pluck().all(userId) as string[];
  return existing
    .filter((name) => !have.has(name.toLowerCase()) && containsWord(text, name.toLowerCase()))
    .slice(0, maxSuggestions);
}

function containsWord(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'u').test(text);
}
