// Substring search of the testers' e-mail and name (docs/decisions.md, "Search"): the indexes of
// migration 010 where they pay, a scan where they do not, and the same rows either way.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectName, Executor } from '../executor.ts';
import { searchFoldedUpTo } from './search-folding.ts';

/**
 * `column` contains `fragment`, literally: the fragment's % and _ match themselves. SQLite has no
 * default LIKE escape character, so the ESCAPE clause is spelled out for both engines.
 */
export function likeContains(column: string, fragment: string): RawBuilder<SqlBool> {
  const escaped = fragment.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<SqlBool>`${sql.ref(column)} like ${`%${escaped}%`} escape '\\'`;
}

/** The testers columns with a substring index (migration 010). */
export type SearchedTesterColumn = 'email_normalized' | 'name_search';

/** The shortest fragment a trigram index can serve: a shorter one has no trigram to look up. */
const TRIGRAM = 3;

/**
 * On SQLite, how many testers a scan reads in the time the index takes for one candidate (its
 * trigram match, then the beta's index entry): about 5 at 1,000,000 testers (bench/README.md).
 */
const SCANNED_PER_CANDIDATE = 5;

/** Below this many candidates the index serves whatever the beta's size: both ways are quick. */
const ALWAYS_INDEXED = 1000;

/** Up to this many candidates are read into a list once; more are matched inside the query. */
const FEW_CANDIDATES = 10_000;

/** PostgreSQL: past this share of the beta a fragment's matches are read along the primary key (postgresContains). */
const DENSE_SHARE = 0.05;

/**
 * A search of a testers column for a fragment: `contains` is exactly "the column contains the
 * fragment". `head`, when there is one (more than FEW_CANDIDATES candidates), is "among the first
 * FEW_CANDIDATES + 1 candidates in id order": up to the last of them it holds exactly the rows
 * `contains` does, and none above, so a read in id order that finds enough there needs nothing
 * else (queries.ts, list).
 */
export interface TextSearch {
  contains: RawBuilder<SqlBool>;
  head?: RawBuilder<SqlBool>;
}

/**
 * Candidates' ids (ascending) as a list the query reads once, matching the phrase again being most
 * of a search's cost; and the backlog's matches, when they count.
 */
function listedIds(ids: number[], backlog?: RawBuilder<unknown>): RawBuilder<SqlBool> {
  const list = sql`select value from json_each(${JSON.stringify(ids)})`;
  return sql<SqlBool>`${sql.ref('id')} in (${backlog ? sql`${list} union all ${backlog}` : list})`;
}

/**
 * A testers `column` contains `fragment`, literally (likeContains), through the index of migration
 * 010 where it pays, for the list of beta `betaId` (its visible testers, `betaSize` of them).
 * Shorter fragments than a trigram have nothing to look up and scan, as does a fragment matching
 * much of the beta (a domain such as gmail.com), whose first matches in id order come soon along
 * the primary key. Each engine has its own way of telling which fragments those are.
 */
export async function testerTextContains(
  db: Executor,
  dialect: DialectName,
  column: SearchedTesterColumn,
  fragment: string,
  betaId: number,
  betaSize: number,
): Promise<TextSearch> {
  // Counted in code points, as the tokenizer does: an emoji is one character, two UTF-16 units.
  if ([...fragment].length < TRIGRAM) return { contains: likeContains(column, fragment) };
  return dialect === 'postgres' ? postgresContains(db, column, fragment, betaId, betaSize) : sqliteContains(db, column, fragment, betaSize);
}

/**
 * SQLite's FTS5 table is asked instead of the LIKE: its case-sensitive trigram phrase match is
 * "contains" (the phrase's trigrams at consecutive positions), and both sides are lower-cased
 * already, as the LIKE relied on. Not re-checking with the LIKE keeps the count of a frequent
 * fragment on indexes: the LIKE would read every candidate's row. A fragment with more candidates
 * than a scan of the beta would read scans, which the first candidates' spread over the table's ids tells.
 */
async function sqliteContains(db: Executor, column: SearchedTesterColumn, fragment: string, betaSize: number): Promise<TextSearch> {
  // Testers past the fold's watermark are not in the index yet (search-folding.ts): the LIKE
  // matches them, a range of the primary key. Read first: every id up to it is in the index.
  const backlog = sql`select id from testers where id > ${await searchFoldedUpTo(db)} and ${likeContains(column, fragment)}`;
  const phrase = `${column} : "${fragment.replaceAll('"', '""')}"`;
  const candidates = sql`select rowid from testers_search where testers_search match ${phrase}`;
  const cap = Math.max(ALWAYS_INDEXED, Math.ceil(betaSize / SCANNED_PER_CANDIDATE));
  const listed = Math.min(FEW_CANDIDATES, cap);
  // The first candidates in id order (FTS5 reads its doclists so, no sort). Most fragments have
  // few: then these and the backlog's are all of them.
  const first = (await sql<{ rowid: number }>`${candidates} order by rowid limit ${listed + 1}`.execute(db)).rows.map((row) => row.rowid);
  if (first.length <= listed) return { contains: listedIds(first, backlog) };
  if (listed === cap) return { contains: likeContains(column, fragment) };
  // All the index's ids are below the backlog's: the head needs none of these.
  const head = listedIds(first);
  // How many candidates there are, judged from how far into the table's ids the first ones reach
  // (counting them cost as much as the index does for them once more): a plan's choice only.
  // Two subqueries: SQLite reads min or max alone at the end of the index, both together by a scan.
  const ids = await sql<{ low: number; high: number }>`select (select min(id) from testers) as low, (select max(id) from testers) as high`.execute(db);
  const { low, high } = ids.rows[0];
  const spread = (high - low + 1) / (first[listed] - low + 1);
  const scan = first.length * spread > cap;
  return { contains: scan ? likeContains(column, fragment) : sql<SqlBool>`${sql.ref('id')} in (${candidates} union all ${backlog})`, head };
}

/**
 * On PostgreSQL the planner weighs the pg_trgm index against the primary key itself, and for the
 * list's "first 10,001 matches in id order" it often walks the primary key for a fragment in a few
 * percent of the beta: 187 ms at 1,000,000 testers for one in 1.4 % of them, seconds at load, where
 * the trigram index took 25 ms (bench/README.md, "Search at a million"). So a fragment the planner
 * expects in at most DENSE_SHARE of the beta has its first matches read through the index alone (a
 * bitmap scan, whose cost follows the matches), in id order: all of them when they are few, else
 * the list's head (TextSearch.head). A denser one is left to the planner, which walks the primary
 * key and finds its first matches soon (12 ms for gmail, in 40 % of the beta, against 256 ms).
 */
async function postgresContains(db: Executor, column: SearchedTesterColumn, fragment: string, betaId: number, betaSize: number): Promise<TextSearch> {
  const contains = likeContains(column, fragment);
  const matching = (executor: Executor) => executor.selectFrom('testers').select('id').where('beta_id', '=', betaId).where('hidden', '=', 0).where(contains);
  // Inside a caller's transaction the planner settings would outlast the read: the planner decides.
  if (betaSize < ALWAYS_INDEXED || db.isTransaction) return { contains };
  const [plan] = (await matching(db).explain('json'))[0]['QUERY PLAN'] as { Plan: { 'Plan Rows': number } }[];
  if (plan.Plan['Plan Rows'] > betaSize * DENSE_SHARE) return { contains };
  const first = await db.transaction().execute(async (trx) => {
    // Only bitmap scans are left to the planner: the trigram index's, where pg_trgm is installed.
    await sql`select set_config('enable_indexscan', 'off', true), set_config('enable_seqscan', 'off', true)`.execute(trx);
    return (await matching(trx).orderBy('id').limit(FEW_CANDIDATES + 1).execute()).map((row) => Number(row.id));
  });
  const listed = sql<SqlBool>`${sql.ref('id')} = any(${`{${first.join(',')}}`}::bigint[])`;
  return first.length <= FEW_CANDIDATES ? { contains: listed } : { contains, head: listed };
}
