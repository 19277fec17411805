// Which slice of a list a caller asks for. The HTTP layer reads it from `page` and `per_page` and
// writes the page's facts into headers (http/pagination.ts); services only skip and take.
import { type QueryExecutorProvider, type SelectQueryBuilder, sql } from 'kysely';

export interface PageRequest {
  /** 1-based. */
  page: number;
  perPage: number;
  offset: number;
}

/**
 * Every list counts its rows exactly up to this many (docs/decisions.md, "Pagination"); past it,
 * its total is a lower bound (the tester list's an estimate), said so with `totalEstimated`.
 */
export const COUNTED_ROWS = 10_000;

/**
 * The number of rows `rows` (one column, any order) gives, read no further than COUNTED_ROWS and
 * one more, or the page's end and one more: a big list is not counted through on every page, and
 * whether a next page exists stays exact. Past the bound, `total` is that bound and
 * `totalEstimated` is true.
 */
export async function countUpTo<DB, TB extends keyof DB, O>(
  db: QueryExecutorProvider,
  rows: SelectQueryBuilder<DB, TB, O>,
  page: PageRequest,
): Promise<{ total: number; totalEstimated: boolean }> {
  const bound = Math.max(COUNTED_ROWS + 1, page.offset + page.perPage + 1);
  const counted = await sql<{ n: number | string }>`select count(*) as n from (${rows.limit(bound)}) as counted`.execute(db);
  const total = Number(counted.rows[0].n);
  return { total, totalEstimated: total >= bound };
}

/**
 * A page's items and the list's total, counted (countUpTo) only when the page does not show the
 * list's end by itself: a page shorter than asked, and not past the end, ends the list. A status
 * page's few moves then cost one read.
 */
export async function pageWithTotal<T, DB, TB extends keyof DB, O>(
  db: QueryExecutorProvider,
  readItems: () => Promise<T[]>,
  rows: SelectQueryBuilder<DB, TB, O>,
  page: PageRequest,
): Promise<{ items: T[]; total: number; totalEstimated: boolean }> {
  const items = await readItems();
  if (items.length < page.perPage && (items.length > 0 || page.offset === 0)) return { items, total: page.offset + items.length, totalEstimated: false };
  return { items, ...(await countUpTo(db, rows, page)) };
}
