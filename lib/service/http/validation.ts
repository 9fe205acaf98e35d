import type { z } from 'zod';
import { fail, type ServiceError } from './errors';

/** The outcome of checking one part of a request against its schema. */
export type Checked<T> = { ok: true; value: T } | { ok: false; sentences: string[] };

/** Checks a value against a schema, turning each invalid field into one plain sentence. */
export function check<S extends z.ZodType>(schema: S, value: unknown, where: string): Checked<z.infer<S>> {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const seen = new Set<string>();
  const sentences: string[] = [];
  for (const issue of result.error.issues) {
    const field = fieldName(issue.path, where);
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [null];
    for (const key of keys) {
      const name = key ? (field === where ? key : `${field}.${key}`) : field;
      if (seen.has(name)) continue;
      seen.add(name);
      sentences.push(key ? `${name} is not a known field.` : sentence(name, issue, isAbsent(value, issue.path)));
    }
  }
  return { ok: false, sentences };
}

/** The 422 answer for the sentences of every invalid part of a request. */
export function validationError(sentences: string[]): ServiceError {
  return fail(422, sentences.join(' '));
}

function fieldName(path: PropertyKey[], where: string): string {
  if (path.length === 0) return where;
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index ? '.' : ''}${String(part)}`)).join('');
}

/** Whether nothing was sent at this path; zod 4 issues do not carry the input, so it is looked up. */
function isAbsent(value: unknown, path: PropertyKey[]): boolean {
  let at: unknown = value;
  for (const part of path) {
    if (at === null || typeof at !== 'object') return true;
    at = (at as Record<PropertyKey, unknown>)[part];
  }
  return at === undefined;
}

function sentence(field: string, issue: z.core.$ZodIssue, absent: boolean): string {
  const subject = field;
  if (absent && (issue.code === 'invalid_type' || issue.code === 'invalid_value')) return `${subject} is required.`;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'number') return `${subject} must be a number.`;
      return `${subject} must be ${article(issue.expected)}.`;
    case 'too_small':
      if (issue.origin === 'string') return `${subject} must be at least ${issue.minimum} character${issue.minimum === 1 ? '' : 's'} long.`;
      if (issue.origin === 'array') return `${subject} must have at least ${issue.minimum} entr${issue.minimum === 1 ? 'y' : 'ies'}.`;
      return `${subject} must be at least ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') return `${subject} must be at most ${issue.maximum} characters long.`;
      if (issue.origin === 'array') return `${subject} must have at most ${issue.maximum} entries.`;
      return `${subject} must be at most ${issue.maximum}.`;
    case 'invalid_value':
      return `${subject} must be one of ${issue.values.map((v) => `'${String(v)}'`).join(', ')}.`;
    case 'invalid_format':
      return `${subject} must be ${formatName(issue.format)}.`;
    case 'not_multiple_of':
      return `${subject} must be a multiple of ${issue.divisor}.`;
    case 'custom':
      // The contract's own checks word their message as the end of a sentence about the field.
      return `${subject} ${issue.message}.`;
    default:
      return `${subject} is invalid.`;
  }
}

function article(type: string): string {
  if (type === 'array') return 'a list';
  if (type === 'object') return 'an object';
  if (type === 'boolean') return 'true or false';
  if (type === 'int') return 'a whole number';
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function formatName(format: string): string {
  const names: Record<string, string> = {
    uuid: 'a UUID',
    datetime: 'an ISO 8601 date-time with a time zone (for example 2026-01-31T12:00:00Z)',
    date: 'an ISO 8601 date (YYYY-MM-DD)',
    url: 'a URL',
    email: 'an email address',
  };
  return names[format] ?? `a valid ${format}`;
}
