/**
 * A search of one user's named things (folders, tags, saved searches) by text: names containing
 * the text without regard to case (Unicode-folded; a plain substring, `%` and `_` literal; spaces
 * around it do not count), names starting with it first, then A to Z.
 */
export type NameSearch = { q: string; limit: number; offset: number };

/** One page of a name search, and how many match in all. */
export type NameSearchPage<T> = { data: T[]; total: number };
