import type { Pagination } from '@/lib/contract/common';

/** The pagination object of an offset-paged list: SPEC.md's fields, with no cursor. */
export function offsetPagination(total: number, limit: number, offset: number, returned: number): Pagination {
  return { total, limit, offset, has_more: offset + returned < total, next_cursor: null };
}
