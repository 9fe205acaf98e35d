import type { Rule, RuleDraft } from '@/lib/client/use-rules';

type Field = Rule['fields'][number];
type Match = Rule['match'];
type Action = Rule['action'];

/** The parts of an item a rule can look in, in the person's words. */
export const fieldNames: Record<Field, string> = { title: 'Title', content: 'Content', author: 'Author', link: 'Link', tags: 'Tags' };

/** The ways a rule can match. */
export const matchNames: Record<Match, string> = {
  any_words: 'Any of these words', all_words: 'All of these words', pattern: 'A pattern (regular expression)',
};

/** What a rule can do. */
export const actionNames: Record<Action, string> = { mark_read: 'Mark read', save: 'Save', tag: 'Add a tag', hide: 'Hide' };

/** Words typed as a comma-separated list, as the service takes them. */
export function wordsOf(text: string): string[] {
  return text.split(',').map((word) => word.trim()).filter(Boolean);
}

function list(names: string[], last: string): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} ${last} ${names[names.length - 1]}`;
}

/** A rule in one sentence: "When the title or content has any of “rust”, “go”: mark read." */
export function describeRule(rule: Pick<RuleDraft, 'fields' | 'match' | 'words' | 'pattern' | 'action' | 'tag'>): string {
  const where = `the ${list(rule.fields.map((field) => fieldNames[field].toLowerCase()), 'or')}`;
  const quoted = (rule.words ?? []).map((word) => `“${word}”`);
  const what = rule.match === 'pattern'
    ? `matches the pattern ${rule.pattern ?? ''}`
    : `has ${rule.match === 'any_words' ? 'any' : 'all'} of ${quoted.join(', ')}`;
  const doing = rule.action === 'tag' ? `tag it “${rule.tag ?? ''}”` : actionNames[rule.action].toLowerCase();
  return `When ${where} ${what}: ${doing}.`;
}
