// The filters a beta's testers are read by, for the list and for the export alike: one parse and
// one WHERE clause, so an export of a filter holds exactly the testers the list of it pages through.
import { testerTextContains, type SearchedTesterColumn } from '../../db/database.ts';
import { countersOf } from '../betas/beta-counters.ts';
import type { Beta } from '../betas/betas.service.ts';
import type { TestersRepository } from './testers.repository.ts';

export interface TesterFilters {
  email_is?: string;
  email_contains?: string;
  /** Legacy alias of email_contains. */
  email?: string;
  name?: string;
  referral_code?: string;
  custom_vars?: string;
}

export interface FilteredTesters {
  /** The beta's visible testers that match every filter given. */
  query: ReturnType<typeof visibleTesters>;
  /** Whether any filter narrowed `query` (else it is every visible tester). */
  filtered: boolean;
  /** The beta's visible testers, from its counters: read once, when first asked. */
  visibleCount: () => Promise<number>;
}

function visibleTesters(repo: TestersRepository, betaId: number) {
  return repo.db.selectFrom('testers').where('beta_id', '=', betaId).where('hidden', '=', 0);
}

/**
 * The query of the beta's visible testers matching `filters`. A text search's plan depends on the
 * beta's size (db/database.ts, testerTextContains), which is why building it may read the counters.
 */
export async function filterTesters(repo: TestersRepository, beta: Beta, filters: TesterFilters): Promise<FilteredTesters> {
  const unfiltered = visibleTesters(repo, beta.id);
  let query = unfiltered;
  let visible: Promise<number> | undefined;
  const visibleCount = () => (visible ??= countersOf(repo.db, [beta.id]).then((counters) => counters.get(beta.id)!.testers_count));
  const textContains = async (column: SearchedTesterColumn, fragment: string) =>
    testerTextContains(repo.db, repo.dialect, column, fragment, await visibleCount());
  if (filters.email_is) query = query.where('email_normalized', '=', filters.email_is.trim().toLowerCase());
  const contains = filters.email_contains ?? filters.email;
  if (contains) query = query.where(await textContains('email_normalized', contains.trim().toLowerCase()));
  if (filters.name?.trim()) query = query.where(await textContains('name_search', filters.name.trim().toLowerCase()));
  if (filters.referral_code) query = query.where('referral_code', '=', filters.referral_code.trim());
  if (filters.custom_vars) {
    const value = filters.custom_vars;
    query = query.where((eb) => eb.or([eb('custom_var1', '=', value), eb('custom_var2', '=', value), eb('custom_var3', '=', value)]));
  }
  return { query, filtered: query !== unfiltered, visibleCount };
}
