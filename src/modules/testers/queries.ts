// Reading testers: show, the filtered and paginated list, an invitation code's check, and the
// reduced views friend invitations show.
import type { Executor } from '../../db/database.ts';
import type { TesterRow } from '../../db/types.ts';
import { Errors } from '../../errors.ts';
import type { Beta } from '../betas/betas.service.ts';
import { isInvitationCodeValid } from '../invitation-codes/invitation-codes.service.ts';
import { filterTesters, type TesterFilters } from './tester-filters.ts';
import type { ReducedTesterView, TesterView } from './testers.presenter.ts';
import type { TestersRepository } from './testers.repository.ts';

/** A filtered list counts its matches exactly up to this many; past it, the total is an estimate. */
export const COUNTED_MATCHES = 10_000;

export interface TesterPage {
  items: TesterView[];
  total: number;
  /** Whether `total` is estimated: the filter matched more than COUNTED_MATCHES testers. */
  totalEstimated: boolean;
}

export async function show(repo: TestersRepository, companyId: number, betaId: string, testerRef: string): Promise<TesterView> {
  const beta = await repo.betas.require(companyId, betaId);
  const tester = await repo.requireVisible(repo.db, beta.id, testerRef);
  return (await repo.views(repo.db, beta, [tester]))[0];
}

export async function list(repo: TestersRepository, companyId: number, betaId: string, filters: TesterFilters, page: { offset: number; perPage: number }): Promise<TesterPage> {
  const beta = await repo.betas.require(companyId, betaId);
  const { query, filtered, visibleCount: testersCount } = await filterTesters(repo, beta, filters);
  const pageIds = () => query.select('id').orderBy('id').limit(page.perPage).offset(page.offset);
  const pageRows = async (ids: ReturnType<typeof pageIds> | number[]) =>
    Array.isArray(ids) && ids.length === 0
      ? []
      : repo.views(repo.db, beta, await repo.db.selectFrom('testers').selectAll().where('id', 'in', ids).orderBy('id').execute());
  // Without filters the total is the beta's testers_count: it counts exactly the visible testers
  // and moves in the same transaction as they do (beta-counters.ts); counting every row of a big
  // beta on each page would cost more than the page. The page's ids come from an index alone,
  // so the rows an offset skips are never read.
  if (!filtered) {
    const [items, total] = await Promise.all([pageRows(pageIds()), testersCount()]);
    return { items, total, totalEstimated: false };
  }
  // A filter's matches are read in id order up to the page's end or COUNTED_MATCHES and one more,
  // whichever is further, in one statement that gives the page's ids beside the count and the
  // last id read (SQLite finds a search's candidates once for both; PostgreSQL stops at the
  // bound too). Past the bound the total is estimated (estimatedTotal); the left join keeps the
  // count on a page past the end.
  const bound = Math.max(COUNTED_MATCHES + 1, page.offset + page.perPage);
  const matches = await repo.db
    .with('matching', () => query.select('id').orderBy('id').limit(bound))
    .selectFrom((eb) => eb.selectFrom('matching').select((agg) => [agg.fn.countAll<number>().as('total'), agg.fn.max('id').as('last')]).as('c'))
    .leftJoin((eb) => eb.selectFrom('matching').select('id').orderBy('id').limit(page.perPage).offset(page.offset).as('p'), (join) => join.onTrue())
    .select(['c.total', 'c.last', 'p.id'])
    .orderBy('p.id')
    .execute();
  const items = await pageRows(matches.flatMap((row) => (row.id === null ? [] : [row.id])));
  const counted = Number(matches[0].total);
  if (counted < bound) return { items, total: counted, totalEstimated: false };
  return { items, total: await estimatedTotal(repo, beta.id, counted, Number(matches[0].last)), totalEstimated: true };
}

/**
 * The number of matches of a filter with more than COUNTED_MATCHES, from the first `counted` of
 * them in id order, the last being `lastId`: they are taken to be spread over the beta's ids as
 * evenly as in the part read. Counting them all would read every match on every page.
 */
async function estimatedTotal(repo: TestersRepository, betaId: number, counted: number, lastId: number): Promise<number> {
  const visible = (direction: 'asc' | 'desc') =>
    repo.db.selectFrom('testers').select('id').where('beta_id', '=', betaId).where('hidden', '=', 0).orderBy('id', direction).limit(1);
  const [first, last] = await Promise.all([visible('asc').executeTakeFirstOrThrow(), visible('desc').executeTakeFirstOrThrow()]);
  const share = (lastId - first.id + 1) / (last.id - first.id + 1);
  return Math.max(counted, Math.round(counted / share));
}

export async function verify(repo: TestersRepository, companyId: number, betaId: string, testerRef: string, code: string | undefined): Promise<TesterView> {
  const beta = await repo.betas.require(companyId, betaId);
  const tester = await repo.requireVisible(repo.db, beta.id, testerRef);
  if (!code?.trim()) throw Errors.testersGeneral('invitation_code is required');
  const ownCode = tester.invitation_code !== '' && tester.invitation_code.toLowerCase() === code.trim().toLowerCase();
  if (!ownCode && !(await isInvitationCodeValid(repo.db, beta, tester.email, code.trim(), repo.now()))) {
    throw Errors.invitationCodeExpired();
  }
  return (await repo.views(repo.db, beta, [tester]))[0];
}

/** The reduced tester objects of friend invitations: no waitlist fields, no friend_invitations_allowed. */
export async function reducedViews(repo: TestersRepository, executor: Executor, beta: Beta, rows: TesterRow[]): Promise<ReducedTesterView[]> {
  const views = await repo.views(executor, beta, rows);
  return views.map(({ waitlist_position, waitlist_ahead, waitlist_behind, waitlist_length, friend_invitations_allowed, ...reduced }) => reduced);
}

