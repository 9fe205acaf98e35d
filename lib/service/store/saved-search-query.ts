/**
 * A saved search's stored query with one folder or tag id gone from its list (or replaced, when
 * tags merge); the list goes when it ends up empty. Both engines' stores use it.
 */
export function withoutReference(queryData: string, key: 'folder_ids' | 'tag_ids', id: string, replacement?: string): string {
  const query = JSON.parse(queryData) as Record<string, unknown>;
  const ids = (query[key] as string[]).map((value) => (value === id ? replacement : value)).filter((value): value is string => !!value);
  const unique = [...new Set(ids)];
  if (unique.length) query[key] = unique;
  else delete query[key];
  return JSON.stringify(query);
}
