// Which testers a bulk action takes: the first N of the waitlist in the beta's order, as the
// standings' order-statistics index holds it (modules/waitlist: read from memory, never sorted in
// SQL), or the
// testers matching the tester list's filters with an id up to the highest when the action was
// created (so testers signing up meanwhile are not swept in).
import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Db, Executor } from '../../db/executor.ts';
import type { Beta } from '../betas/betas.service.ts';
import type { TesterFilters } from '../testers/tester-filters.ts';
import type { TestersService } from '../testers/testers.service.ts';

export type TesterQuery = SelectQueryBuilder<Database, 'testers', object>;

export type Selection = { top: number } | { filters: TesterFilters; maxTesterId: number };

/** Ids per statement when a top-N selection's ids are sent to the database: far below either's parameter limit. */
export const ID_CHUNK = 1000;

/** The ids in chunks of ID_CHUNK, each with the position of its first id (1-based). */
export function chunksOf(ids: readonly number[]): { ids: number[]; first: number }[] {
  const chunks = [];
  for (let start = 0; start < ids.length; start += ID_CHUNK) chunks.push({ ids: ids.slice(start, start + ID_CHUNK), first: start + 1 });
  return chunks;
}

/** The beta's visible testers among `ids`. */
export function visibleAmong(executor: Executor, betaId: number, ids: readonly number[]): TesterQuery {
  return executor.selectFrom('testers').where('beta_id', '=', betaId).where('hidden', '=', 0).where('id', 'in', [...ids]);
}

/** The highest id of the beta's testers now: a filter selection's upper bound. */
export async function highestTesterId(db: Db, betaId: number): Promise<number> {
  const row = await db.selectFrom('testers').select('id').where('beta_id', '=', betaId).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.id ?? 0;
}

/** The visible testers matching the filters, up to `maxTesterId`. */
export async function filtered(testers: TestersService, beta: Beta, filters: TesterFilters, maxTesterId: number): Promise<TesterQuery> {
  const { query } = await testers.filter(beta, filters);
  return query.where('id', '<=', maxTesterId) as TesterQuery;
}
