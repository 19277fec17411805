// Bulk actions (docs/decisions.md, "Bulk actions"): invite the first N of the waitlist, or move
// every tester matching the list's filters (or picked by id) to a status, add them to a group or
// take them out of it, or delete them (the number confirmed), previewed first, then run as an
// outbox job in batches that resumes from its cursor after a restart (bulk-job.ts).
import type { Static } from 'typebox';
import { forKeyShare } from '../../db/database.ts';
import type { DialectName, Db, Executor } from '../../db/executor.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { BulkActionRow } from '../../db/tables/owner-work.ts';
import { Errors } from '../../primitives/errors.ts';
import { parseId } from '../../primitives/ids.ts';
import { enqueueJob, MAX_ATTEMPTS, type JobHandler } from '../../jobs/outbox.ts';
import { countUpTo, type PageRequest } from '../../primitives/paging.ts';
import { storedTime, type Clock } from '../../primitives/time.ts';
import { heldBy, type Beta, type BetasService } from '../betas/betas.service.ts';
import type { Principal } from '../accounts/accounts.service.ts';
import type { TesterFilters } from '../testers/tester-filters.ts';
import type { UpdateStatus } from '../testers/tester-status.ts';
import type { TestersService } from '../testers/testers.service.ts';
import { failBulkAction, runBulkAction, type BulkContext } from './bulk-job.ts';
import { BulkActions, PREVIEW_TESTERS, type BulkActionCreateBody } from './bulk-actions.schemas.ts';
import { preview, previewRegrouping, previewTesters, type BulkPreview } from './preview.ts';
import { checkedGroupName } from '../testers/group-name.ts';
import type { Standings } from '../waitlist/standings.ts';
import { chunksOf, filtered, highestTesterId, ID_CHUNK, visibleAmong, type TesterQuery } from './selection.ts';

const BULK_JOB = 'bulk_action.run';

export type BulkActionInput = Static<typeof BulkActionCreateBody>;

/** An action on a list of testers frozen when it is created, each with its waitlist position then. */
export interface ListedAction {
  action: 'invite' | 'set_status';
  status: UpdateStatus;
  /** top: the first topN of the waitlist; listed: a scheduled wave's testers. */
  selection: 'top' | 'listed';
  topN: number | null;
  entries: readonly { id: number; position: number }[];
  requested_by_member_id: number | null;
  requested_by_key_id: number | null;
}

/** What was asked, checked: what each tester is asked (a status, a group added or taken out, its deletion) and which testers. */
interface Request {
  action: (typeof BulkActions)[number];
  /** The status asked of each tester (invite, set_status); null for the others. */
  status: UpdateStatus | null;
  /** The group added or taken out; null for the other actions. */
  group: string | null;
  /** A top selection only with a status (checked). */
  selection: { top: number } | { filters: TesterFilters };
}

export class BulkActionsService {
  readonly jobHandlers: Record<string, JobHandler>;
  readonly #ctx: BulkContext;

  constructor(
    db: Db,
    dialect: DialectName,
    clock: Clock,
    private readonly betas: BetasService,
    testers: TestersService,
    private readonly standings: Standings,
  ) {
    this.#ctx = { db, dialect, clock, testers };
    this.jobHandlers = { [BULK_JOB]: (payload, job, stop) => this.#runJob(payload, job.attempts, stop) };
  }

  /** What the action would do, and the first testers it would take, creating nothing. */
  async preview(
    companyId: number,
    betaIdText: string,
    input: BulkActionInput,
  ): Promise<BulkPreview & { action: Request['action']; status: UpdateStatus | null; group?: string }> {
    const beta = await this.betas.require(companyId, betaIdText);
    const request = checked(input);
    const { db, dialect } = this.#ctx;
    const asked = { action: request.action, status: request.status, ...(request.group === null ? {} : { group: request.group }) };
    if ('top' in request.selection) {
      const ids = await this.standings.firstIds(beta, request.selection.top);
      return { ...asked, ...(await this.previewListed(beta, ids, request.status!)) };
    }
    const selected = await filtered(this.#ctx.testers, beta, request.selection.filters, await highestTesterId(db, beta.id));
    const first = await selected.select('id').orderBy('id').limit(PREVIEW_TESTERS).execute();
    const counts =
      request.status !== null
        ? await preview(db, beta, [selected], request.status)
        : await previewRegrouping(db, dialect, beta, [selected], request.group === null ? 'delete' : { group: request.group, add: request.action === 'add_to_group' });
    return { ...asked, ...counts, first_testers: await previewTesters(db, this.standings, beta, first.map((row) => row.id)) };
  }

  /** The preview of an action on the testers of `ids` (in waitlist order), as a top selection or a scheduled wave would take them. */
  async previewListed(beta: Beta, ids: readonly number[], status: UpdateStatus): Promise<BulkPreview> {
    const { db } = this.#ctx;
    const counts = await preview(db, beta, chunksOf(ids).map((chunk) => visibleAmong(db, beta.id, chunk.ids)), status);
    return { ...counts, first_testers: await previewTesters(db, this.standings, beta, ids.slice(0, PREVIEW_TESTERS)) };
  }

  /**
   * Creates the action, queued, with its job. A "top N" selection is fixed now: the ids of those
   * testers, read from the standings' index, stored with their positions. A filter's selection is bounded by
   * the highest tester id now, and counted.
   */
  async create(principal: Principal, betaIdText: string, input: BulkActionInput): Promise<BulkActionRow> {
    const { db, clock } = this.#ctx;
    const beta = await this.betas.require(principal.companyId, betaIdText);
    const request = checked(input);
    const now = storedTime(clock.now());
    const requestedBy = { requested_by_member_id: principal.session?.memberId ?? null, requested_by_key_id: principal.keyId };
    if ('top' in request.selection) {
      // Read from the standings' index before the transaction (building it reads the database).
      const ids = await this.standings.firstIds(beta, request.selection.top);
      const listed = { selection: 'top' as const, topN: request.selection.top, entries: ids.map((id, i) => ({ id, position: i + 1 })) };
      const action = request.action as ListedAction['action'];
      return heldBy(
        inTransaction(db, async (trx) => {
          await this.betas.hold(trx, beta.id);
          return this.createListed(trx, beta, { ...listed, action, status: request.status!, ...requestedBy }, now);
        }),
      );
    }
    const maxTesterId = await highestTesterId(db, beta.id);
    const filterTotal = await count(await filtered(this.#ctx.testers, beta, request.selection.filters, maxTesterId));
    // A deletion goes ahead only on the number of testers the owner was shown and confirmed.
    if (request.action === 'delete' && input.confirm_total !== filterTotal) {
      throw Errors.testersGeneral(
        input.confirm_total === undefined
          ? 'confirm_total is required for delete: the number of testers the selection holds, as its preview counted them'
          : `confirm_total is ${input.confirm_total}, but the selection holds ${filterTotal} testers now: preview it again and confirm that number`,
      );
    }
    const filters = JSON.stringify(request.selection.filters);
    return heldBy(
      inTransaction(db, async (trx) => {
        await this.betas.hold(trx, beta.id);
        const created = await trx
          .insertInto('bulk_actions')
          .values({
            beta_id: beta.id,
            action: request.action,
            target_status: request.status ?? '',
            group_name: request.group,
            selection: 'filter',
            top_n: null,
            filters,
            max_tester_id: maxTesterId,
            ...requestedBy,
            state: 'queued',
            total: filterTotal,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await enqueueJob(trx, BULK_JOB, { bulkActionId: created.id }, clock.now());
        return created;
      }),
    );
  }

  /**
   * Inside the caller's transaction: a queued action on the testers listed (ids with their
   * waitlist positions, front to back), frozen now, with its job. A tester no longer there is left
   * out; those kept are held until commit so none goes before its item is in. A "top N" action
   * lists the first N of the waitlist; a scheduled referral wave (modules/invitation-schedules)
   * lists whoever reached its threshold.
   */
  async createListed(trx: Executor, beta: Beta, listed: ListedAction, now: string): Promise<BulkActionRow> {
    const created = await trx
      .insertInto('bulk_actions')
      .values({
        beta_id: beta.id,
        action: listed.action,
        target_status: listed.status,
        selection: listed.selection,
        top_n: listed.topN,
        filters: null,
        max_tester_id: null,
        requested_by_member_id: listed.requested_by_member_id,
        requested_by_key_id: listed.requested_by_key_id,
        state: 'queued',
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    let total = 0;
    for (let start = 0; start < listed.entries.length; start += ID_CHUNK) {
      const chunk = listed.entries.slice(start, start + ID_CHUNK);
      const present = await forKeyShare(this.#ctx.dialect, visibleAmong(trx, beta.id, chunk.map((entry) => entry.id)).select('id')).execute();
      const kept = new Set(present.map((tester) => tester.id));
      const items = chunk.filter((entry) => kept.has(entry.id)).map((entry) => ({ bulk_action_id: created.id, position: entry.position, tester_id: entry.id }));
      if (items.length > 0) await trx.insertInto('bulk_action_items').values(items).execute();
      total += items.length;
    }
    await enqueueJob(trx, BULK_JOB, { bulkActionId: created.id }, this.#ctx.clock.now());
    return trx.updateTable('bulk_actions').set({ total }).where('id', '=', created.id).returningAll().executeTakeFirstOrThrow();
  }

  async show(companyId: number, betaIdText: string, idText: string): Promise<BulkActionRow> {
    const beta = await this.betas.require(companyId, betaIdText);
    return this.#require(beta, idText);
  }

  /** The beta's bulk actions, newest first. */
  async list(companyId: number, betaIdText: string, page: PageRequest): Promise<{ items: BulkActionRow[]; total: number; totalEstimated: boolean }> {
    const beta = await this.betas.require(companyId, betaIdText);
    const ofBeta = this.#ctx.db.selectFrom('bulk_actions').where('beta_id', '=', beta.id);
    const [items, counted] = await Promise.all([
      ofBeta.selectAll().orderBy('id', 'desc').limit(page.perPage).offset(page.offset).execute(),
      countUpTo(this.#ctx.db, ofBeta.select('id'), page),
    ]);
    return { items, ...counted };
  }

  /**
   * Cancels a queued or running action: the batch under way, if any, is rolled back and none
   * follows; the testers moved by earlier batches stay moved. Cancelling again answers it as it is;
   * a finished action cannot be cancelled (2301).
   */
  async cancel(companyId: number, betaIdText: string, idText: string): Promise<BulkActionRow> {
    const beta = await this.betas.require(companyId, betaIdText);
    const row = await this.#require(beta, idText);
    if (row.state === 'cancelled') return row;
    const now = storedTime(this.#ctx.clock.now());
    const cancelled = await this.#ctx.db
      .updateTable('bulk_actions')
      .set({ state: 'cancelled', finished_at: now, updated_at: now })
      .where('id', '=', row.id)
      .where('state', 'in', ['queued', 'running'])
      .returningAll()
      .executeTakeFirst();
    if (cancelled) return cancelled;
    const current = await this.#require(beta, idText);
    if (current.state === 'cancelled') return current;
    throw Errors.testersGeneral(`The bulk action has ${current.state === 'completed' ? 'completed' : 'failed'}: there is nothing left to cancel`);
  }

  /** Runs an action here and now, to its end or until `stop` (tests, the command line). */
  run(id: number, stop: AbortSignal = new AbortController().signal): Promise<'done' | 'stopped'> {
    return runBulkAction(this.#ctx, id, stop);
  }

  async #require(beta: Beta, idText: string): Promise<BulkActionRow> {
    const id = parseId(idText);
    const row = id === null ? undefined : await this.#ctx.db.selectFrom('bulk_actions').selectAll().where('id', '=', id).where('beta_id', '=', beta.id).executeTakeFirst();
    if (!row) throw Errors.notFound('Bulk action not found');
    return row;
  }

  async #runJob(payload: unknown, attempts: number, stop: AbortSignal): Promise<{ retryAt: Date } | undefined> {
    const id = (payload as { bulkActionId?: unknown }).bulkActionId;
    if (typeof id !== 'number') throw new Error(`${BULK_JOB} job without a bulkActionId`);
    try {
      // Stopped between batches: run again at once, by this process or the next, from the cursor.
      return (await runBulkAction(this.#ctx, id, stop)) === 'stopped' ? { retryAt: this.#ctx.clock.now() } : undefined;
    } catch (error) {
      if (attempts < MAX_ATTEMPTS) throw error;
      await failBulkAction(this.#ctx, id, 'The bulk action stopped on an internal error after several attempts; the testers moved so far stay moved');
      return undefined;
    }
  }
}

/** The action asked for, checked: 422 (2301) naming what is wrong. */
function checked(input: BulkActionInput): Request {
  const problems: string[] = [];
  const { action } = input;
  let status: UpdateStatus | null = null;
  let group: string | null = null;
  if (action === undefined) problems.push(`action is required: ${BulkActions.join(', ')}`);
  else if (action === 'invite') {
    if (input.status !== undefined && input.status !== 'invited') problems.push('status must be invited or left out for the invite action');
    status = 'invited';
  } else if (action === 'set_status') {
    if (input.status === undefined) problems.push('status is required for the set_status action: the status asked of each tester');
    else status = input.status;
  } else {
    if (input.status !== undefined) problems.push(`status is not asked by ${action}: leave it out`);
    if (input.top !== undefined) problems.push(`${action} takes the testers of filters (the tester list's, or their ids), not top`);
    if (action !== 'delete') {
      const name = checkedGroupName(input.group);
      if ('problem' in name) problems.push(name.problem);
      else group = name.group;
    }
  }
  if (input.group !== undefined && action !== 'add_to_group' && action !== 'remove_from_group') problems.push('group is only for add_to_group and remove_from_group');
  if (input.confirm_total !== undefined && action !== 'delete') problems.push('confirm_total is only for delete');
  if (input.top !== undefined && input.filters !== undefined) problems.push('give either top (the first N of the waitlist) or filters (the tester list\'s), not both');
  if (input.top === undefined && input.filters === undefined) problems.push('choose the testers: top (the first N of the waitlist) or filters (the tester list\'s; {} for every tester)');
  if (problems.length > 0 || !action) throw Errors.testersGeneral(problems.join('; '));
  return {
    action,
    status,
    group,
    selection: input.top !== undefined ? { top: input.top } : { filters: dropEmpty(input.filters ?? {}) },
  };
}

/** The filters given, without those left empty (a form's blank fields). */
function dropEmpty(filters: Record<string, unknown>): TesterFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => typeof value === 'string' && value.trim() !== '')) as TesterFilters;
}

async function count(query: TesterQuery): Promise<number> {
  const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}
