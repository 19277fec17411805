// A bulk action's preview: how many testers it selects, how many it would move, and the e-mails
// and webhook deliveries that would result. The selected testers are counted in one grouped query
// by (status, status before a suspension): the status rules (tester-status.ts) say per group
// whether the move is made, and the sums in each group say how many of them may be written to and
// have a referral to credit; a group change counts those already in the group, a deletion none
// skipped. Endpoints and templates are the beta's as they are now. The first testers are listed
// too, so the owner sees who, not only how many.
import { sql } from 'kysely';
import type { Db, DialectName } from '../../db/executor.ts';
import { ApiError } from '../../primitives/errors.ts';
import type { Beta } from '../betas/betas.service.ts';
import { effectiveTemplate, occasionForStatus } from '../emails/email-templates.ts';
import { subscribesTo } from '../events/events.ts';
import { JOINED_STATUSES } from '../testers/tester-rules.ts';
import { nextStatus, type TesterStatus, type UpdateStatus } from '../testers/tester-status.ts';
import { maskedEmail } from '../testers/masked-email.ts';
import { inGroup } from '../testers/tester-filters.ts';
import type { Standings } from '../waitlist/standings.ts';
import type { TesterQuery } from './selection.ts';

/** One of the first testers a preview lists: never the whole address (masked-email.ts). */
export interface PreviewTester {
  id: number;
  position: number | null;
  name: string | null;
  masked_email: string;
}

export interface BulkCounts {
  testers: number;
  changes: number;
  skipped: number;
  emails: number;
  suppressed_emails: number;
  webhook_deliveries: number;
  referral_credits: number;
}

export interface BulkPreview extends BulkCounts {
  first_testers: PreviewTester[];
}

/** The status a tester in `status` would end in, or null when the move is not made (not permitted, or the same status). */
function movedTo(beta: Beta, status: TesterStatus, before: string | null, requested: UpdateStatus): TesterStatus | null {
  let next: TesterStatus;
  try {
    next = nextStatus(status, requested, before);
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
  if (next === status || (next === 'applied' && !beta.settings.accepting_signups)) return null;
  return next;
}

/** What the action would do to the testers of `selections` (parts of one selection, counted together). */
export async function preview(db: Db, beta: Beta, selections: readonly TesterQuery[], requested: UpdateStatus): Promise<BulkCounts> {
  const groups = [];
  // One after the other: a long top-N selection is many parts, and a preview need not hold the pool.
  for (const selected of selections) groups.push(...(await groupsOf(db, beta, selected)));
  const [template, endpoints] = await Promise.all([emailEnabled(db, beta, requested), listeningEndpoints(db, beta.id, 'tester_updated')]);
  const result: BulkCounts = { testers: 0, changes: 0, skipped: 0, emails: 0, suppressed_emails: 0, webhook_deliveries: 0, referral_credits: 0 };
  for (const group of groups) {
    const n = Number(group.n);
    result.testers += n;
    const to = movedTo(beta, group.status as TesterStatus, group.status_before_suspension, requested);
    if (to === null) {
      result.skipped += n;
      continue;
    }
    result.changes += n;
    if (template) {
      result.suppressed_emails += Number(group.suppressed);
      result.emails += n - Number(group.suppressed);
    }
    // Joining (status-moves.ts, creditOnJoining): applied always, invited or active the first time.
    if (to === 'applied') result.referral_credits += Number(group.creditable);
    else if (JOINED_STATUSES.includes(to)) result.referral_credits += Number(group.creditable_on_joining);
  }
  result.webhook_deliveries = (result.changes + result.referral_credits) * endpoints;
  return result;
}

/**
 * What a group change or a deletion would do to the testers of `selections`: each selected tester
 * changes (deleted, or given the group or relieved of it) but those already so; no e-mail, no
 * referral credited; one event each (tester_updated, tester_deleted) to every endpoint listening.
 */
export async function previewRegrouping(db: Db, dialect: DialectName, beta: Beta, selections: readonly TesterQuery[], change: { group: string; add: boolean } | 'delete'): Promise<BulkCounts> {
  let testers = 0;
  let grouped = 0;
  const inTheGroup = change === 'delete' ? sql<number>`0` : sql<number>`case when ${inGroup(dialect, change.group, sql.ref('t.groups'))} then 1 else 0 end`;
  for (const selected of selections) {
    const counted = await db
      .selectFrom(selected.select('groups').as('t'))
      .select([(eb) => eb.fn.countAll<number>().as('n'), sql<number>`sum(${inTheGroup})`.as('grouped')])
      .executeTakeFirstOrThrow();
    testers += Number(counted.n);
    grouped += Number(counted.grouped ?? 0);
  }
  const changes = change === 'delete' ? testers : change.add ? testers - grouped : grouped;
  const endpoints = await listeningEndpoints(db, beta.id, change === 'delete' ? 'tester_deleted' : 'tester_updated');
  return { testers, changes, skipped: testers - changes, emails: 0, suppressed_emails: 0, webhook_deliveries: changes * endpoints, referral_credits: 0 };
}

/**
 * The testers of `ids` in that order, as a preview lists them: their place on the waitlist now,
 * their name or else their address masked. A tester gone meanwhile is left out.
 */
export async function previewTesters(db: Db, standings: Standings, beta: Beta, ids: readonly number[]): Promise<PreviewTester[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('testers')
    .select(['id', 'email', 'first_name', 'last_name', 'status', 'hidden', 'share_signups_count', 'points', 'applied_at', 'priority'])
    .where('beta_id', '=', beta.id)
    .where('id', 'in', [...ids])
    .execute();
  const placed = await standings.standingsOf(db, beta, rows);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const name = [row.first_name, row.last_name].filter((part) => part?.trim()).join(' ');
    return [{ id, position: placed.get(id)?.waitlist_position ?? null, name: name || null, masked_email: maskedEmail(row.email) }];
  });
}

/** The selected testers counted by (status, status before a suspension), with what each group may be sent and credited. */
function groupsOf(db: Db, beta: Beta, selected: TesterQuery) {
  const suppressed = sql<number>`case when t.unsubscribed_at is not null or exists (select 1 from suppressions s where s.beta_id = ${beta.id} and s.email_normalized = t.email_normalized) then 1 else 0 end`;
  const notJoined = sql<number>`case when t.applied_at is null and t.invited_at is null and t.joined_at is null then 1 else 0 end`;
  const creditable = sql<number>`case when t.referrer_id is not null and t.referral_credited_at is null and t.referral_held = 0 and t.referral_reversed_at is null then 1 else 0 end`;
  return db
    .selectFrom(selected.select(['status', 'status_before_suspension', 'unsubscribed_at', 'email_normalized', 'applied_at', 'invited_at', 'joined_at', 'referrer_id', 'referral_credited_at', 'referral_held', 'referral_reversed_at']).as('t'))
    .select([
      't.status',
      't.status_before_suspension',
      (eb) => eb.fn.countAll<number>().as('n'),
      sql<number>`sum(${suppressed})`.as('suppressed'),
      sql<number>`sum(${creditable})`.as('creditable'),
      sql<number>`sum(${creditable} * ${notJoined})`.as('creditable_on_joining'),
    ])
    .groupBy(['t.status', 't.status_before_suspension'])
    .execute();
}

/** Whether the beta sends a message when a tester reaches the status asked for. */
async function emailEnabled(db: Db, beta: Beta, requested: UpdateStatus): Promise<boolean> {
  const occasion = occasionForStatus(requested);
  if (!occasion) return false;
  const stored = await db.selectFrom('email_templates').selectAll().where('beta_id', '=', beta.id).where('occasion', '=', occasion).executeTakeFirst();
  return effectiveTemplate(occasion, stored).enabled;
}

/** The beta's enabled endpoints subscribed to `type`. */
async function listeningEndpoints(db: Db, betaId: number, type: 'tester_updated' | 'tester_deleted'): Promise<number> {
  const endpoints = await db.selectFrom('webhook_endpoints').select('events').where('beta_id', '=', betaId).where('enabled', '=', 1).execute();
  return endpoints.filter((endpoint) => subscribesTo(endpoint.events, type)).length;
}
