// Reading testers: show, the filtered and paginated list, an invitation code's check, and the
// reduced views friend invitations show.
import type { Executor } from '../../db/executor.ts';
import { COUNTED_ROWS } from '../../primitives/paging.ts';
import type { TesterRow } from '../../db/tables/testers.ts';
import { Errors } from '../../primitives/errors.ts';
import type { Beta } from '../betas/betas.service.ts';
import { responsesOf, type TesterResponse } from '../questions/questions.service.ts';
import { isInvitationCodeValid } from '../invitation-codes/invitation-codes.service.ts';
import { countersOf } from '../betas/beta-counters.ts';
import { filterTesters, type TesterFilters } from './tester-filters.ts';
import { statusCounter } from './tester-status.ts';
import type { TesterSort } from './testers.schemas.ts';
import type { ReducedTesterView, TesterView } from './testers.presenter.ts';
import type { TestersRepository } from './testers.repository.ts';

export interface TesterPage {
  items: TesterView[];
  total: number;
  /** Whether `total` is estimated: the filter matched more than COUNTED_ROWS testers. */
  totalEstimated: boolean;
}

export async function show(repo: TestersRepository, companyId: number, betaId: string, testerRef: string): Promise<TesterView> {
  const beta = await repo.betas.require(companyId, betaId);
  const tester = await repo.requireVisible(repo.db, beta.id, testerRef);
  return (await repo.views(repo.db, beta, [tester]))[0];
}

/** How a list is ordered (extensions): the sort and its direction, each with its default. */
export interface ListOrder {
  sort?: TesterSort;
  direction?: 'asc' | 'desc';
  /** points: each tester's points too (the console's Points column), a field the v2 interface's tester has not. */
  include?: 'points';
}

/** Waitlist ids read per statement while a filtered list in waitlist order looks for its matches. */
const WALK_CHUNK = 2_000;

type Ranked = Pick<TesterRow, 'id' | 'status' | 'hidden' | 'points' | 'share_signups_count' | 'applied_at' | 'priority'>;

export async function list(repo: TestersRepository, companyId: number, betaId: string, filters: TesterFilters & ListOrder, page: { offset: number; perPage: number }): Promise<TesterPage> {
  const beta = await repo.betas.require(companyId, betaId);
  const { query, filtered, onlyStatus, visibleCount: testersCount, head } = await filterTesters(repo, beta, filters);
  const sort = filters.sort ?? 'joined';
  const direction = filters.direction ?? (sort === 'points' || sort === 'referrals' ? 'desc' : 'asc');
  const column = sort === 'points' ? 'points' : sort === 'referrals' ? 'share_signups_count' : null;
  const { offset, perPage } = page;
  const pageRows = async (ids: number[]) => {
    if (ids.length === 0) return [];
    const rows = new Map((await repo.db.selectFrom('testers').selectAll().where('id', 'in', ids).execute()).map((row) => [row.id, row]));
    // A tester deleted since its id was read is left out.
    const read = ids.flatMap((id) => rows.get(id) ?? []);
    const views = await repo.views(repo.db, beta, read);
    return filters.include === 'points' ? views.map((view, i) => ({ ...view, points: read[i].points })) : views;
  };

  /**
   * A page of many testers (a whole beta, or more matches than COUNTED_ROWS), read in the sort's
   * order: along the beta's (hidden, id) index for joined, from the standings' sort sets for points
   * and referrals, from its waitlist set for position. A filter is checked on the way, so a deep page of a filter is refused past
   * COUNTED_ROWS rather than read through (`reach`).
   */
  const manyPage = async (): Promise<number[]> => {
    const reach = () => {
      if (filtered && offset + perPage > COUNTED_ROWS) {
        throw Errors.testersGeneral(
          `sort=${sort} pages through the first ${COUNTED_ROWS.toLocaleString('en')} testers of a filter matching more: narrow the filter, or sort by joined`,
        );
      }
    };
    const byId = (q: typeof query, skip: number, take: number) => q.select('id').orderBy('id', direction).limit(take).offset(skip).execute();
    if (sort === 'joined' || (sort === 'position' && onlyStatus !== undefined && onlyStatus !== 'applied')) {
      return (await byId(query, offset, perPage)).map((row) => row.id);
    }
    /**
     * The matches of the filter among ids read in order a chunk at a time (`next`: the chunk after
     * `read` ids, empty at the end), until the page is full: whatever plan the database would pick
     * for the filter and the order together, this reads the order's index and checks each chunk.
     */
    const walk = async (next: (read: number) => Promise<number[]>) => {
      reach();
      const found: number[] = [];
      let read = 0;
      for (let more = true; more && found.length < offset + perPage; ) {
        const chunk = await next(read);
        read += chunk.length;
        more = chunk.length === WALK_CHUNK;
        if (chunk.length === 0) break;
        const hits = new Set((await query.select('id').where('id', 'in', chunk).execute()).map((row) => row.id));
        for (const id of chunk) if (hits.has(id)) found.push(id);
      }
      return { ids: found.slice(offset, offset + perPage), found: found.length, ended: found.length < offset + perPage };
    };
    if (column) {
      // The standings' sort set of the column: most first, the latest first among equals (desc).
      const slice = (from: number, count: number) => repo.testerViews.sortedSlice(beta, column, from, count, direction === 'asc');
      if (!filtered) return (await slice(offset, perPage)).ids;
      return (await walk(async (read) => (await slice(read, WALK_CHUNK)).ids)).ids;
    }
    const backwards = direction === 'desc';
    if (!filtered || onlyStatus === 'applied') {
      const slice = await repo.testerViews.waitlistSlice(beta, offset, perPage, backwards);
      if (onlyStatus || slice.ids.length === perPage) return slice.ids;
      const tail = await byId(query.where('status', '<>', 'applied'), Math.max(0, offset - slice.length), perPage - slice.ids.length);
      return [...slice.ids, ...tail.map((row) => row.id)];
    }
    // A filter in waitlist order: the set read a chunk at a time; past its end, the filter's testers without a position.
    const { ids, found, ended } = await walk(async (read) => (await repo.testerViews.waitlistSlice(beta, read, WALK_CHUNK, backwards)).ids);
    if (!ended) return ids;
    const tail = await byId(query.where('status', '<>', 'applied'), Math.max(0, offset - found), perPage - ids.length);
    return [...ids, ...tail.map((row) => row.id)];
  };

  /** A page of few matches (at most COUNTED_ROWS): all of them read, sorted here. */
  const fewPage = async (): Promise<number[]> => {
    const rows: Ranked[] = await query.select(['id', 'status', 'hidden', 'points', 'share_signups_count', 'applied_at', 'priority']).orderBy('id').limit(COUNTED_ROWS + 1).execute();
    const sign = direction === 'asc' ? 1 : -1;
    let compare: (a: Ranked, b: Ranked) => number = (a, b) => sign * (a.id - b.id);
    if (column) compare = (a, b) => sign * (a[column] - b[column] || a.id - b.id);
    if (sort === 'position') {
      const standings = await repo.testerViews.standingsOf(repo.db, beta, rows);
      const position = (row: Ranked) => standings.get(row.id)?.waitlist_position ?? null;
      // Testers with a position first, in waitlist order; then the others by id.
      compare = (a, b) => {
        const [pa, pb] = [position(a), position(b)];
        if (pa === null || pb === null) return pa === pb ? sign * (a.id - b.id) : pa === null ? 1 : -1;
        return sign * (pa - pb);
      };
    }
    return rows.sort(compare).slice(offset, offset + perPage).map((row) => row.id);
  };

  // Without filters the total is the beta's testers_count: it counts exactly the visible testers
  // and moves in the same transaction as they do (beta-counters.ts); counting every row of a big
  // beta on each page would cost more than the page. A filter of the status alone is counted by
  // the status's counter the same way.
  if (!filtered) {
    const [items, total] = await Promise.all([manyPage().then(pageRows), testersCount()]);
    return { items, total, totalEstimated: false };
  }
  if (onlyStatus) {
    const total = (await countersOf(repo.db, [beta.id])).get(beta.id)![statusCounter(onlyStatus)];
    return { items: await pageRows(await (total <= COUNTED_ROWS ? fewPage() : manyPage())), total, totalEstimated: false };
  }
  // A filter's matches are read in id order up to the page's end or COUNTED_ROWS and one more,
  // whichever is further, in one statement that gives the page's ids (in join order) beside the
  // count and the last id read (SQLite finds a search's candidates once for both; PostgreSQL stops
  // at the bound too). Past the bound the total is estimated (estimatedTotal); the left join keeps
  // the count on a page past the end. Another order sorts few matches here, many along an index.
  // A search's head (FilteredTesters.head) is read first: when it holds the bound's matches, they
  // are the first ones, and the search's other candidates are neither counted nor matched again.
  const joinOrder = sort === 'joined' && direction === 'asc';
  const bound = Math.max(COUNTED_ROWS + 1, joinOrder ? offset + perPage : 0);
  const readMatches = (from: typeof query) =>
    repo.db
      .with('matching', () => from.select('id').orderBy('id').limit(bound))
      .selectFrom((eb) => eb.selectFrom('matching').select((agg) => [agg.fn.countAll<number>().as('total'), agg.fn.max('id').as('last')]).as('c'))
      .leftJoin((eb) => eb.selectFrom('matching').select('id').orderBy('id').limit(joinOrder ? perPage : 0).offset(offset).as('p'), (join) => join.onTrue())
      .select(['c.total', 'c.last', 'p.id'])
      .orderBy('p.id')
      .execute();
  const fromHead = head ? await readMatches(head) : undefined;
  const matches = fromHead && Number(fromHead[0].total) >= bound ? fromHead : await readMatches(query);
  const counted = Number(matches[0].total);
  const few = counted < bound;
  const ids = joinOrder ? matches.flatMap((row) => (row.id === null ? [] : [row.id])) : await (few ? fewPage() : manyPage());
  const items = await pageRows(ids);
  if (few) return { items, total: counted, totalEstimated: false };
  return { items, total: await estimatedTotal(repo, beta.id, counted, Number(matches[0].last)), totalEstimated: true };
}

/**
 * The number of matches of a filter with more than COUNTED_ROWS, from the first `counted` of
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

/** The tester's answers, by question id. */
export async function responses(repo: TestersRepository, companyId: number, betaId: string, testerRef: string): Promise<TesterResponse[]> {
  const beta = await repo.betas.require(companyId, betaId);
  const tester = await repo.requireVisible(repo.db, beta.id, testerRef);
  return (await responsesOf(repo.db, [tester.id])).get(tester.id) ?? [];
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

