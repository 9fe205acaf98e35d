import type { RuleField } from '@/lib/contract/rules';
import { decodeHTML } from 'entities';
import { foldForMatching, patternTest, wordsTest } from './rule-matcher';
import type { RuleSpec } from './rules';

/** The parts of an item rules read, as stored (content is sanitized HTML). */
export type RuleItem = {
  title: string; content: string | null; summary: string | null; author: string | null; url: string | null; tags: string[];
};

/** Rules read at most this much of an item's content: matching stays quick on very long articles. */
const CONTENT_CHARS = 20_000;

const TAG = /<[^>]*>/g;

/**
 * The text of sanitized HTML (no scripts or styles left) for matching: tags become spaces, entities
 * characters. One pass: the sanitizer's toPlainText takes some 140 µs on a 3 KB article, this 20.
 */
function textOf(html: string): string {
  const stripped = html.slice(0, CONTENT_CHARS * 3).replace(TAG, ' ');
  return (stripped.includes('&') ? decodeHTML(stripped) : stripped).slice(0, CONTENT_CHARS);
}

/** One item's fields as matchers read them, each worked out (and folded) once, when first asked for. */
export class ItemText {
  private readonly folded = new Map<RuleField, string>();

  constructor(readonly item: RuleItem) {}

  /** The field's text, lower-cased; content is the text of the HTML, or the summary when there is none. */
  field(field: RuleField): string {
    let text = this.folded.get(field);
    if (text === undefined) {
      text = foldForMatching(this.raw(field));
      this.folded.set(field, text);
    }
    return text;
  }

  /** A tag was added: the tags field is read again. */
  addTag(name: string): void {
    this.item.tags.push(name);
    this.folded.delete('tags');
  }

  private raw(field: RuleField): string {
    const { item } = this;
    switch (field) {
      case 'title': return item.title;
      case 'content': return (item.content ? textOf(item.content) : '').trim() || (item.summary ?? '');
      case 'author': return item.author ?? '';
      case 'link': return item.url ?? '';
      case 'tags': return item.tags.join(', ');
    }
  }
}

/** A rule ready to test items with. */
export type CompiledRule = { id: string | null; spec: RuleSpec; matches(text: ItemText): boolean };

/**
 * Compiles a checked rule once (a run tests it on many items). Words may be found in different
 * fields for `all_words`; a pattern must match within one field (so `^` is a field's start).
 */
export function compileRule(spec: RuleSpec, id: string | null = null): CompiledRule {
  const { fields } = spec;
  if (spec.match === 'pattern') {
    const test = patternTest(spec.pattern!);
    return { id, spec, matches: (text) => fields.some((field) => test(text.field(field))) };
  }
  const test = wordsTest(spec.words ?? [], spec.match === 'any_words' ? 'any' : 'all');
  // A NUL between fields: no letter, digit or space, so no word or phrase runs across two.
  return { id, spec, matches: (text) => test(fields.map((field) => text.field(field)).join('\u0000')) };
}
