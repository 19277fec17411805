// The filters a beta's testers are read by, for the list and for the export alike: one parse and
// one WHERE clause, so an export of a filter holds exactly the testers the list of it pages through.
import { sql, type SqlBool } from 'kysely';
import type { DialectName } from '../../db/executor.ts';
import { testerTextContains, type SearchedTesterColumn } from '../../db/engine/text-search.ts';
import { Errors } from '../../primitives/errors.ts';
import { countersOf } from '../betas/beta-counters.ts';
import type { Beta } from '../betas/betas.service.ts';
import { selectedIds } from './selected-ids.ts';
import type { TesterStatus } from './tester-status.ts';
import type { TestersRepository } from './testers.repository.ts';

export interface TesterFilters {
  email_is?: string;
  email_contains?: string;
  /** Legacy alias of email_contains. */
  email?: string;
  name?: string;
  referral_code?: string;
  custom_vars?: string;
  /** Extensions (docs/decisions.md, "Owner console"): the console's table filters. */
  status?: TesterStatus;
  /** One group name, matched exactly against the tester's comma-separated groups. */
  group?: string;
  /** flagged: at least one fraud flag; clear: none. */
  fraud?: 'flagged' | 'clear';
  /** true: the tester has a referrer; false: none. */
  referred?: 'true' | 'false';
  /** The id of the tester whose direct referrals these are. */
  referrer_id?: string;
  /** Testers picked one by one, their ids comma-separated (selected-ids.ts). */
  ids?: string;
}

/** Whether the comma-separated groups (`groups`, the testers' column by default) hold `group` exactly (case and all): a plain substring test, the same on both databases. */
export function inGroup(dialect: DialectName, group: string, groups = sql.ref('groups')) {
  const haystack = sql`(',' || ${groups} || ',')`;
  const needle = `,${group},`;
  return dialect === 'postgres' ? sql<SqlBool>`strpos(${haystack}, ${needle}) > 0` : sql<SqlBool>`instr(${haystack}, ${needle}) > 0`;
}

export interface FilteredTesters {
  /** The beta's visible testers that match every filter given. */
  query: ReturnType<typeof visibleTesters>;
  /** Whether any filter narrowed `query` (else it is every visible tester). */
  filtered: boolean;
  /** The status asked for when it is the only filter: the beta's counters then count the matches. */
  onlyStatus?: TesterStatus;
  /** The beta's visible testers, from its counters: read once, when first asked. */
  visibleCount: () => Promise<number>;
  /**
   * When a text search has many candidates (SQLite): the same filters over its first candidates
   * alone (TextSearch.head). Up to some id it holds exactly `query`'s testers, and none above: the
   * first n of it, when it has n, are the first n of `query`.
   */
  head?: ReturnType<typeof visibleTesters>;
}

export function visibleTesters(repo: TestersRepository, betaId: number) {
  return repo.db.selectFrom('testers').where('beta_id', '=', betaId).where('hidden', '=', 0);
}

/**
 * The query of the beta's visible testers matching `filters`. A text search's plan depends on the
 * beta's size (db/database.ts, testerTextContains), which is why building it may read the counters.
 */
export async function filterTesters(repo: TestersRepository, beta: Beta, filters: TesterFilters): Promise<FilteredTesters> {
  type Query = FilteredTesters['query'];
  const unfiltered = visibleTesters(repo, beta.id);
  let query = unfiltered;
  let head: FilteredTesters['head'];
  /** Narrows the query, and the head with it. */
  const narrow = (apply: (query: Query) => Query) => {
    query = apply(query);
    if (head) head = apply(head);
  };
  let visible: Promise<number> | undefined;
  const visibleCount = () => (visible ??= countersOf(repo.db, [beta.id]).then((counters) => counters.get(beta.id)!.testers_count));
  const textContains = async (column: SearchedTesterColumn, fragment: string) => {
    const search = await testerTextContains(repo.db, repo.dialect, column, fragment, beta.id, await visibleCount());
    // A search with a head starts one from the filters so far, or narrows the one there is to its
    // own (both hold exactly up to the lower end); the head takes every later filter.
    if (search.head) head = (head ?? query).where(search.head);
    else if (head) head = head.where(search.contains);
    query = query.where(search.contains);
  };
  const { email_is: emailIs, referral_code: referralCode, status } = filters;
  if (filters.ids?.trim()) {
    const ids = selectedIds(filters.ids);
    narrow((q) => q.where('id', 'in', ids));
  }
  if (emailIs) narrow((q) => q.where('email_normalized', '=', emailIs.trim().toLowerCase()));
  const contains = filters.email_contains ?? filters.email;
  if (contains) await textContains('email_normalized', contains.trim().toLowerCase());
  if (filters.name?.trim()) await textContains('name_search', filters.name.trim().toLowerCase());
  if (referralCode) narrow((q) => q.where('referral_code', '=', referralCode.trim()));
  if (filters.custom_vars) {
    const value = filters.custom_vars;
    narrow((q) => q.where((eb) => eb.or([eb('custom_var1', '=', value), eb('custom_var2', '=', value), eb('custom_var3', '=', value)])));
  }
  const beforeStatus = query;
  if (status) narrow((q) => q.where('status', '=', status));
  const group = filters.group?.trim();
  // Group names are stored comma-separated (normalizeGroups): no one group's name holds a comma.
  if (group?.includes(',')) throw Errors.testersGeneral('group is one group name: it cannot hold a comma');
  // Spelled as the partial index testers_grouped (migration 024) is: only testers with a group are read.
  if (group) narrow((q) => q.where(sql<SqlBool>`${sql.ref('groups')} <> ''`).where(inGroup(repo.dialect, group)));
  // Spelled as the partial index testers_fraud_flagged (migration 024) is, so SQLite's planner matches it.
  if (filters.fraud === 'flagged') narrow((q) => q.where('fraud_flags', 'is not', null));
  if (filters.fraud === 'clear') narrow((q) => q.where('fraud_flags', 'is', null));
  if (filters.referred === 'true') narrow((q) => q.where('referrer_id', 'is not', null));
  if (filters.referred === 'false') narrow((q) => q.where('referrer_id', 'is', null));
  if (filters.referrer_id) narrow((q) => q.where('referrer_id', '=', Number(filters.referrer_id)));
  const onlyStatus = filters.status && beforeStatus === unfiltered && !group && !filters.fraud && !filters.referred && !filters.referrer_id ? filters.status : undefined;
  return { query, filtered: query !== unfiltered, onlyStatus, visibleCount, ...(head ? { head } : {}) };
}
