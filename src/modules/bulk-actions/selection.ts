// Which testers a bulk action takes: the first N of the waitlist in the beta's order (most
// referrals or points first, then earliest applied_at, then lowest id: modules/waitlist), or the
// testers matching the tester list's filters with an id up to the highest when the action was
// created (so testers signing up meanwhile are not swept in).
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Db, Executor } from '../../db/database.ts';
import type { Beta } from '../betas/betas.service.ts';
import type { TesterFilters } from '../testers/tester-filters.ts';
import type { TestersService } from '../testers/testers.service.ts';

export type TesterQuery = SelectQueryBuilder<Database, 'testers', object>;

export type Selection = { top: number } | { filters: TesterFilters; maxTesterId: number };

/** The beta's waitlist (applied, visible testers) as a query. */
export function waitlist(executor: Executor, betaId: number): TesterQuery {
  return executor.selectFrom('testers').where('beta_id', '=', betaId).where('status', '=', 'applied').where('hidden', '=', 0);
}

/** The waitlist's order for the beta's waitlist_order, as an ORDER BY (the standings' own order). */
export function waitlistOrderBy(beta: Beta) {
  const order = beta.settings.waitlist_order;
  const column = order === 'referrals' ? sql.ref('share_signups_count') : order === 'points' ? sql.ref('points') : null;
  const rest = sql`coalesce(applied_at, ''), id`;
  return column ? sql`${column} desc, ${rest}` : rest;
}

/** The first `top` testers of the waitlist, in its order. */
export function topOfWaitlist(executor: Executor, beta: Beta, top: number) {
  return waitlist(executor, beta.id).orderBy(waitlistOrderBy(beta)).limit(top);
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
