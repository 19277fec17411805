// What the service stores about one person, table by table (docs/privacy.md): the one list the
// data export and the erasure both follow. `PERSONAL_DATA` names every table of the schema, so a
// new table does not compile until it says whether it holds a person's data, where the export
// shows it and what erasure does to it; the finders below are the queries both use.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Static } from 'typebox';
import { jsonInteger, type DialectName, type Executor } from '../../db/database.ts';
import type { Database, TesterRow, WebhookEventRow } from '../../db/types.ts';
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
  companies: { exported: null, erased: null },
  api_keys: { exported: null, erased: null },
  betas: { exported: null, erased: null },
  beta_counters: { exported: null, erased: null },
  questions: { exported: null, erased: null },
  invitation_codes: { exported: null, erased: null },
  reward_definitions: { exported: null, erased: null },
  reward_rules: { exported: null, erased: null },
  webhook_endpoints: { exported: null, erased: null },
  email_templates: { exported: null, erased: null },
  visitor_salts: { exported: null, erased: null },
  leases: { exported: null, erased: null },
  erasure_salts: { exported: null, erased: null },
};

export type Person = Pick<TesterRow, 'id' | 'beta_id' | 'email' | 'email_normalized'>;

/**
 * A text column names the address, in any case. Addresses hold no `"` or `\` (email-address.ts),
 * so in JSON text they read as they are.
 */
export function mentions(column: string, person: Person): RawBuilder<SqlBool> {
  const escaped = person.email_normalized.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${`%${escaped}%`} escape '\\'`;
}

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

/** The beta's webhook events that name the person, each marked whether it is about them (theirs) or another's that names their address. */
export async function eventsNaming(executor: Executor, person: Person): Promise<(WebhookEventRow & { theirs: boolean })[]> {
  const rows = await executor
    .selectFrom('webhook_events')
    .selectAll()
    .where('beta_id', '=', person.beta_id)
    .where((eb) =>
      eb.or([
        eb('render_tester_id', '=', person.id),
        mentions('payload', person),
        // A point or reward event carries the tester's id only.
        eb('payload', 'like', `%"user_id":${person.id},%`),
        eb('payload', 'like', `%"user_id":${person.id}}%`),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, theirs: isAbout(row, person.id) })).filter((row) => row.theirs || row.payload.toLowerCase().includes(person.email_normalized));
}

function isAbout(event: Pick<WebhookEventRow, 'type' | 'payload' | 'render_tester_id'>, testerId: number): boolean {
  if (event.render_tester_id === testerId) return true;
  if (event.payload === '') return false;
  const data = (JSON.parse(event.payload) as { data?: { id?: unknown; user_id?: unknown } }).data;
  return event.type.startsWith('tester_') ? data?.id === testerId : data?.user_id === testerId;
}

/** Deletes the outbox jobs of a kind whose payload names one of `ids` at `key`; how many went. */
export async function deleteJobsNaming(trx: Executor, dialect: DialectName, kind: string, key: string, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await trx
    .deleteFrom('outbox_jobs')
    .where('kind', '=', kind)
    .where(jsonInteger(dialect, 'payload', key), 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
