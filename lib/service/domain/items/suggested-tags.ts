import type { Tag } from '@/lib/contract/items';
import type { DetailRow } from './item-view';
import { keyPhrases } from '../../intelligence';

const maxSuggestions = 5;

/** Tag suggestions: the user's existing tags (`existing`, A to Z) whose words occur in the item first, then its key phrases. */
export function suggestTags(existing: string[], row: DetailRow, current: Tag[]): string[] {
  const have = new Set(current.map((tag) => tag.name.toLowerCase()));
  const text = `${row.title} ${row.summary ?? ''}`.toLowerCase();
  const fromTags = existing.filter((name) => !have.has(name.toLowerCase()) && containsWord(text, name.toLowerCase()));
  const taken = new Set([...have, ...fromTags.map((name) => name.toLowerCase())]);
  const fromText = keyPhrases(row.title, row.content ?? row.summary ?? '', maxSuggestions)
    .filter((phrase) => !taken.has(phrase.toLowerCase()));
  return [...fromTags, ...fromText].slice(0, maxSuggestions);
}

function containsWord(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'u').test(text);
}
