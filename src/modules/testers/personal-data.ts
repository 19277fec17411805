// What the service stores about one person, table by table (docs/privacy.md): the one list the
// data export and the erasure both follow. `PERSONAL_DATA` names every table of the schema, so a
// new table does not compile until it says whether it holds a person's data, where the export
// shows it and what erasure does to it; the finders below are the queries both use.
import type { Static } from 'typebox';
import { jsonInteger } from '../../db/database.ts';
import type { DialectName, Executor } from '../../db/executor.ts';
import type { Database } from '../../db/types.ts';
import type { WebhookEventRow } from '../../db/tables/effects.ts';
import type { TesterRow } from '../../db/tables/testers.ts';
import { MessageStatuses } from '../emails/emails.schemas.ts';
import type { TesterExportSchema } from './personal-data.schemas.ts';

/** The sections of the export document (data-export.ts) that hold rows of a table: its keys, by construction. */
export type ExportSection = Exclude<keyof Static<typeof TesterExportSchema>, 'exported_at' | 'beta_id' | 'stored'>;

/** What erasure does to the person's rows of a table. */
export type Erasure = 'anonymized' | 'deleted' | 'rewritten' | 'kept' | 'recorded';

export interface TableCoverage {
  /** The export's section showing the person's rows; null when the table holds none of their data. */
  exported: ExportSection | null;
  erased: Erasure | null;
  /** Why, for a table not exported or rows kept. */
  why?: string;
}

export const PERSONAL_DATA: Record<keyof Database, TableCoverage> = {
  testers: { exported: 'tester', erased: 'anonymized', why: 'the row keeps its status, counts and place so the beta and the testers it referred stay as they were' },
  tester_responses: { exported: 'responses', erased: 'deleted' },
  checkins: { exported: 'checkins', erased: 'deleted' },
  points: { exported: 'points', erased: 'anonymized', why: 'the quantities make the points and standing; the free-text reason goes' },
  rewards: { exported: 'rewards', erased: 'kept', why: 'names and states of the beta\'s own rewards, tied to the anonymized row: the credit stays' },
  friend_invitations: { exported: 'friend_invitations', erased: 'anonymized', why: 'the rows count invitations sent; the message goes' },
  email_messages: { exported: 'emails', erased: 'deleted' },
  email_confirmations: { exported: 'email_confirmations', erased: 'deleted' },
  webhook_events: { exported: 'webhook_events', erased: 'deleted', why: "other testers' events naming the address (as their referrer) are rewritten with the anonymized address" },
  webhook_deliveries: { exported: 'webhook_events', erased: 'deleted', why: 'attempts of the deleted events go with them' },
  daily_visits: { exported: 'share_clicks', erased: 'deleted', why: "visits to the person's share link: the day is the person's, the visitor's hash is not exported" },
  suppressions: { exported: 'suppressions', erased: 'deleted', why: 'the erasure record keeps the address from mail instead' },
  outbox_jobs: { exported: null, erased: 'deleted', why: 'jobs hold ids only; those of the deleted e-mails and events go' },
  idempotency_keys: { exported: null, erased: 'deleted', why: 'stored answers that show the person, replayed for 24 hours: copies of what the export shows' },
  erasures: { exported: null, erased: 'recorded', why: 'a salted hash of the erased address, kept to refuse it later' },
  tester_changes: { exported: null, erased: null, why: 'the standings feed: ids and counts, pruned within minutes' },
  tester_rollups: { exported: null, erased: null, why: "the dashboard's counts per day, country, source, channel and day a funnel stage was reached: no person's row; a value no tester has any more goes" },
  tester_rollup_changes: { exported: null, erased: null, why: "the dashboard's queue of changes: a tester's days (signup, confirmed, invited, active), country, source and channel without its id, folded within a second" },
  companies: { exported: null, erased: null },
  api_keys: { exported: null, erased: null },
  betas: { exported: null, erased: null },
  beta_counters: { exported: null, erased: null },
  share_channel_clicks: { exported: null, erased: null },
  beta_images: { exported: null, erased: null },
  questions: { exported: null, erased: null },
  invitation_codes: { exported: null, erased: null },
  reward_definitions: { exported: null, erased: null },
  reward_rules: { exported: null, erased: null },
  webhook_endpoints: { exported: null, erased: null },
  email_templates: { exported: null, erased: null },
  visitor_salts: { exported: null, erased: null },
  leases: { exported: null, erased: null },
  erasure_salts: { exported: null, erased: null },
  // CSV imports (docs/import.md): the file and its references only while the import runs.
  imports: { exported: null, erased: 'rewritten', why: "an import's report quotes the address of a line it skipped or refused: the erased address replaces it" },
  import_chunks: { exported: null, erased: 'kept', why: 'the file of an import still running, deleted when it ends; a line of an erased address is refused' },
  import_referrers: { exported: null, erased: 'kept', why: 'a referrer named by a line of an import still running, deleted once resolved' },
  // The company's own people, who sign in to the console: not testers, and no tester's data.
  members: { exported: null, erased: null, why: "the company's console users, not testers" },
  member_sessions: { exported: null, erased: null, why: "sessions of the company's console users" },
  member_links: { exported: null, erased: null, why: "password links of the company's console users" },
  member_emails: { exported: null, erased: null, why: "e-mails to the company's console users" },
  // Bulk actions: a job's selection (ids and filters), done items deleted as it goes.
  bulk_actions: { exported: null, erased: 'kept', why: "the owner's record of a bulk status change: counts and the list's filters it was given" },
  bulk_action_items: { exported: null, erased: 'kept', why: 'tester ids of a bulk action still running, deleted as its batches commit' },
  fraud_decisions: { exported: null, erased: 'kept', why: "the owner's review of the tester's fraud signals (approve or reject, who, when), tied to the anonymized row" },
  invitation_schedules: { exported: null, erased: null, why: "the owner's plan of invitation waves: no person's data" },
  fraud_simulations: { exported: null, erased: 'deleted', why: "an owner's report of rules tried on the past: one whose examples name the person goes, to be run again" },
  invitation_waves: { exported: null, erased: null, why: "a schedule's history: when each wave ran and the positions it took, no tester named" },
  spent_challenges: { exported: null, erased: null, why: 'random nonces of solved challenges, kept 10 minutes, tied to no one' },
  subnet_signups: { exported: null, erased: null, why: "a network's (/24 or /48) signup count for an hour, tied to no tester" },
  tester_moves: { exported: null, erased: 'kept', why: "the tester's positions, counts and causes (ids only), tied to the anonymized row: what the standing was" },
  position_change_windows: { exported: null, erased: 'kept', why: 'a position and a cause (ids only), gone when the window closes within the beta\'s interval' },
  // The sender's reputation (modules/emails/send-caps.ts, sending-breaker.ts): counts, no person.
  email_send_windows: { exported: null, erased: null, why: 'sends counted per minute, for the server or a beta' },
  email_sending_pauses: { exported: null, erased: null, why: "a beta's sending paused on its bounces and complaints: counts and who resumed it, no tester named" },
  launch_figures: { exported: null, erased: null, why: "the launch panel's counts per beta and minute (signups, refusals, answer times), tied to no one, kept an hour" },
};

export type Person = Pick<TesterRow, 'id' | 'beta_id' | 'email' | 'email_normalized'>;

/** The e-mail messages sent to the person (by their tester row, or to their address). */
export function emailsTo(executor: Executor, person: Person) {
  return executor
    .selectFrom('email_messages')
    .where('beta_id', '=', person.beta_id)
    .where((eb) => eb.or([eb('tester_id', '=', person.id), eb('email_normalized', '=', person.email_normalized)]));
}

/** Suppressions of the person's address (or recorded for their tester row). */
export function suppressionsOf(executor: Executor, person: Person) {
  return executor
    .selectFrom('suppressions')
    .where('beta_id', '=', person.beta_id)
    .where((eb) => eb.or([eb('email_normalized', '=', person.email_normalized), eb('tester_id', '=', person.id)]));
}

/** Friend invitations the person sent or received. */
export function invitationsOf(executor: Executor, person: Person) {
  return executor
    .selectFrom('friend_invitations')
    .where('beta_id', '=', person.beta_id)
    .where((eb) => eb.or([eb('inviter_id', '=', person.id), eb('invitee_id', '=', person.id)]));
}

/** Rows a log scan reads at once: no one query holds the connection (SQLite has one) for long. */
const SCAN_PAGE = 1000;

/** Ids per `in (…)` list: well within both databases' limits on bound parameters. */
export const IDS_PER_STATEMENT = 500;

/**
 * How long before a scan began a row it missed may have been written: by a command still running
 * then (none runs near a minute; an Idempotency-Key's claim holds 60 s on the same ground).
 */
export const IN_FLIGHT_SECONDS = 60;

/** Log rows that name the person's address, or may once their body is written, by table. */
export interface LogRows {
  webhook_events: number[];
  email_messages: number[];
  idempotency_keys: number[];
}

/**
 * The ids of the logs' rows that may name the person: the beta's webhook events and e-mails, the
 * company's stored Idempotency-Key answers. A superset: the caller reads the rows it acts on again.
 * Read a page at a time by id; `since` reads only the rows written from then on (an index on
 * created_at serves it), to catch up on what a scan made earlier may have missed.
 */
export async function logRowsNaming(executor: Executor, person: Person, companyId: number, since?: string): Promise<LogRows> {
  return {
    webhook_events: await eventsNaming(executor, person, since),
    email_messages: await pages(
      (after) => {
        const query = executor.selectFrom('email_messages').select(['id', 'subject', 'text_body', 'html_body']).where('beta_id', '=', person.beta_id);
        // Every status named, so the (status, created_at) index serves the recent ones.
        const recent = since === undefined ? query : query.where('status', 'in', [...MessageStatuses]).where('created_at', '>=', since);
        return recent.where('id', '>', after).orderBy('id').limit(SCAN_PAGE).execute();
      },
      (row) => [row.subject, row.text_body, row.html_body ?? ''].some((text) => names(text, person)),
    ),
    idempotency_keys: await pages(
      (after) => {
        const query = executor.selectFrom('idempotency_keys').select(['id', 'response_body']).where('company_id', '=', companyId);
        const recent = since === undefined ? query : query.where('created_at', '>=', since);
        return recent.where('id', '>', after).orderBy('id').limit(SCAN_PAGE).execute();
      },
      // An answer not stored yet may be one that shows them.
      (row) => row.response_body === null || names(row.response_body, person),
    ),
  };
}

/** The beta's webhook events that may name the person (see logRowsNaming); the export and erasure read them with `eventsByIds`. */
export function eventsNaming(executor: Executor, person: Person, since?: string): Promise<number[]> {
  return pages(
    (after) => {
      const query = executor.selectFrom('webhook_events').select(['id', 'payload']).where('beta_id', '=', person.beta_id);
      const recent = since === undefined ? query : query.where('created_at', '>=', since);
      return recent.where('id', '>', after).orderBy('id').limit(SCAN_PAGE).execute();
    },
    // A point or reward event carries only the tester's id.
    (row) => names(row.payload, person) || row.payload.includes(`"user_id":${person.id}`),
  );
}

/** The events, each marked whether it is about the person (theirs) or another's that names their address; others left out. */
export async function eventsByIds(executor: Executor, person: Person, ids: number[]): Promise<(WebhookEventRow & { theirs: boolean })[]> {
  const rows: WebhookEventRow[] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
    rows.push(...(await executor.selectFrom('webhook_events').selectAll().where('id', 'in', ids.slice(start, start + IDS_PER_STATEMENT)).execute()));
  }
  return rows
    .sort((a, b) => a.id - b.id)
    .map((row) => ({ ...row, theirs: isAbout(row, person.id) }))
    .filter((row) => row.theirs || names(row.payload, person));
}

/**
 * The beta's webhook events about the person among its newest `scanned`, newest first, at most
 * `limit`: a bounded look for the console (the export reads every event instead); `complete`
 * says whether every event of the beta was looked at.
 */
export async function recentEventsAbout(executor: Executor, person: Pick<Person, 'id' | 'beta_id'>, options: { scanned: number; limit: number }) {
  // The oldest event in the window, read from the (beta_id, id) index alone; none: the beta has fewer.
  const oldest = await executor
    .selectFrom('webhook_events')
    .select('id')
    .where('beta_id', '=', person.beta_id)
    .orderBy('id', 'desc')
    .offset(options.scanned - 1)
    .limit(1)
    .executeTakeFirst();
  // The database picks the events that name the person's id (text first, cheap, and no body leaves
  // it for nothing); the parsed body then decides.
  const found: WebhookEventRow[] = [];
  let before: number | undefined;
  while (found.length < options.limit) {
    let query = executor
      .selectFrom('webhook_events')
      .selectAll()
      .where('beta_id', '=', person.beta_id)
      .where('id', '>=', oldest?.id ?? 0)
      .where((eb) =>
        eb.or([
          eb('payload', 'like', `%"id":${person.id},%`),
          // Closed by what follows it in JSON: "user_id":1 alone would take 10, 100… as candidates.
          eb('payload', 'like', `%"user_id":${person.id},%`),
          eb('payload', 'like', `%"user_id":${person.id}}%`),
        ]),
      );
    if (before !== undefined) query = query.where('id', '<', before);
    const rows = await query.orderBy('id', 'desc').limit(options.limit).execute();
    for (const row of rows) if (found.length < options.limit && isAbout(row, person.id)) found.push(row);
    if (rows.length < options.limit) break;
    before = rows[rows.length - 1].id;
  }
  return { events: found, complete: oldest === undefined };
}

/** Whether the text names the person's address, in any case. */
export function names(text: string, person: Person): boolean {
  return text.toLowerCase().includes(person.email_normalized);
}

/** The ids of the rows `keep` accepts, over pages read by `page` from after an id (a page of fewer than SCAN_PAGE rows is the last). */
async function pages<Row extends { id: number }>(page: (after: number) => Promise<Row[]>, keep: (row: Row) => boolean): Promise<number[]> {
  const ids: number[] = [];
  for (let after = 0; ; ) {
    const rows = await page(after);
    for (const row of rows) if (keep(row)) ids.push(row.id);
    if (rows.length < SCAN_PAGE) return ids;
    after = rows[rows.length - 1].id;
  }
}

function isAbout(event: Pick<WebhookEventRow, 'type' | 'payload'>, testerId: number): boolean {
  const data = (JSON.parse(event.payload) as { data?: { id?: unknown; user_id?: unknown } }).data;
  return event.type.startsWith('tester_') ? data?.id === testerId : data?.user_id === testerId;
}

/** Deletes the outbox jobs of a kind whose payload names one of `ids` at `key`; how many went. */
export async function deleteJobsNaming(trx: Executor, dialect: DialectName, kind: string, key: string, ids: number[]): Promise<number> {
  let deleted = 0;
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
    const result = await trx
      .deleteFrom('outbox_jobs')
      .where('kind', '=', kind)
      .where(jsonInteger(dialect, 'payload', key), 'in', ids.slice(start, start + IDS_PER_STATEMENT))
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}
