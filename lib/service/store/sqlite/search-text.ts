/** Turns what a person typed into a safe FTS5 query: every word must match, the last as a prefix. */
export function ftsQuery(text: string, columns?: string[]): string | null {
  const words = text.normalize('NFKC').match(/[\p{L}\p{N}]+/gu);
  if (!words?.length) return null;
  const terms = words.slice(0, 16).map((word, index, all) => `"${word}"${index === all.length - 1 && word.length > 1 ? '*' : ''}`);
  const expression = terms.join(' AND ');
  return columns ? `{${columns.join(' ')}} : (${expression})` : expression;
}
