// Testers (users): the one object the routes, the CLI, the workers and other modules call. Each
// command is a use case in its own file (signup.ts, update.ts, checkin.ts, deletion.ts, idle.ts,
// queries.ts, export.ts) over the data access they share (testers.repository.ts); every command runs in one
// transaction that also moves the beta's counters.
import type { DialectName, Db, Executor } from '../../db/executor.ts';
import type { TesterRow } from '../../db/tables/testers.ts';
import type { JobHandler } from '../../jobs/outbox.ts';
import type { Clock } from '../../primitives/time.ts';
import type { Beta, BetasService } from '../betas/betas.service.ts';
import type { EmailQueue } from '../emails/email-queue.ts';
import type { LaunchFigures } from '../stats/launch-figures.ts';
import { RESEND_INTERVAL_SECONDS } from '../emails/emails.service.ts';
import { Errors } from '../../primitives/errors.ts';
import { checkin, checkinByEmail, listCheckins } from './checkin.ts';
import { exportTesters, type BetaExport } from './export.ts';
import type { ExportFormat } from './export-format.ts';
import { exportTester, testerEvents, type TesterExport } from './data-export.ts';
import { deleteTester, deleteTesters, deletionJobHandlers, performQueuedDeletion, queueDelete } from './deletion.ts';
import { eraseTester, type ErasureReceipt } from './erasure.ts';
import type { GeoLocator } from './geoip.ts';
import { markIdleTesters } from './idle.ts';
import { list, reducedViews, responses, show, verify, type ListOrder, type TesterPage } from './queries.ts';
import { filterTesters, type FilteredTesters, type TesterFilters } from './tester-filters.ts';
import { create, createForVisitor, insertInvitee, type CreateInput, type SignupVisitor, type VisitorInput } from './signup.ts';
import type { TesterEvents } from './tester-events.ts';
import type { TesterViews } from './tester-views.ts';
import type { ReducedTesterView, TesterView } from './testers.presenter.ts';
import { TestersRepository, type TestersContext } from './testers.repository.ts';
import { acceptReferral, releaseHeldReferral, reverseReferral, setLeaderboardName, update, type UpdateInput } from './update.ts';
import { moveStatuses, type MoveOutcome } from './status-moves.ts';
import { changeGroups } from './group-changes.ts';
import { moveToFront } from './placing.ts';
import { NO_ACTOR, type MoveActor } from '../moves/record-moves.ts';
import type { UpdateStatus } from './tester-status.ts';
import type { RenderedViews } from './tester-events.ts';

export class TestersService {
  private readonly ctx: TestersContext;

  constructor(
    db: Db,
    dialect: DialectName,
    clock: Clock,
    betas: BetasService,
    geo: GeoLocator,
    testerViews: TesterViews,
    events: TesterEvents,
    emails: EmailQueue,
    launch: Pick<LaunchFigures, 'signedUp'>,
  ) {
    this.ctx = { repo: new TestersRepository(db, dialect, clock, betas, testerViews), geo, events, emails, launch };
  }

  show(companyId: number, betaId: string, testerRef: string): Promise<TesterView> {
    return show(this.ctx.repo, companyId, betaId, testerRef);
  }

  /** The company's beta and `columns` of its visible tester, for a read other modules answer with (404 and 2317 as show). */
  async visibleRow<C extends keyof TesterRow>(companyId: number, betaId: string, testerRef: string, columns: readonly C[]): Promise<{ beta: Beta; tester: Pick<TesterRow, C> }> {
    const { repo } = this.ctx;
    const beta = await repo.betas.require(companyId, betaId);
    return { beta, tester: await repo.requireVisibleColumns(beta.id, testerRef, columns) };
  }

  /** The tester's own change of their public name, from their status page (update.ts). */
  setLeaderboardName(beta: Beta, testerId: number, name: string | null): Promise<void> {
    return setLeaderboardName(this.ctx, beta, testerId, name);
  }

  list(companyId: number, betaId: string, filters: TesterFilters & ListOrder, page: { offset: number; perPage: number }): Promise<TesterPage> {
    return list(this.ctx.repo, companyId, betaId, filters, page);
  }

  responses(companyId: number, betaId: string, testerRef: string) {
    return responses(this.ctx.repo, companyId, betaId, testerRef);
  }

  /** The webhook events about the tester among the beta's newest (data-export.ts, testerEvents). */
  webhookEvents(companyId: number, betaId: string, testerRef: string) {
    return testerEvents(this.ctx, companyId, betaId, testerRef);
  }

  /** A new confirmation link for an unconfirmed tester, as the signup sent (emails.service.ts, resendConfirmation). */
  async resendConfirmation(companyId: number, betaId: string, testerRef: string): Promise<void> {
    const { repo, emails } = this.ctx;
    const beta = await repo.betas.require(companyId, betaId);
    const tester = await repo.requireVisible(repo.db, beta.id, testerRef);
    const outcome = tester.status === 'unconfirmed' ? await emails.resendConfirmation(tester.id) : 'not_needed';
    if (outcome === 'too_soon') {
      throw Errors.testersGeneral(`a confirmation link was sent to this tester less than ${RESEND_INTERVAL_SECONDS / 60} minutes ago: try again later`);
    }
    if (outcome === 'not_needed') {
      // Deleted meanwhile, alone or with its beta, it is not found, as if it had gone before the request.
      await repo.requireVisible(repo.db, (await repo.betas.require(companyId, betaId)).id, testerRef);
      throw Errors.testersGeneral('the tester is not unconfirmed: there is no confirmation to resend');
    }
  }

  /** The query of the beta's visible testers matching `filters` (tester-filters.ts), for a bulk action's selection. */
  filter(beta: Beta, filters: TesterFilters): Promise<FilteredTesters> {
    return filterTesters(this.ctx.repo, beta, filters);
  }

  /** The company's beta's testers matching `filters`, as CSV or NDJSON (export.ts). */
  async exportBeta(companyId: number, betaId: string, filters: TesterFilters, format: ExportFormat): Promise<BetaExport> {
    return exportTesters(this.ctx.repo, await this.ctx.repo.betas.require(companyId, betaId), filters, format);
  }

  /** The same, of any company's beta: for the operator's command line. */
  async exportAnyBeta(betaId: number, filters: TesterFilters, format: ExportFormat): Promise<BetaExport> {
    return exportTesters(this.ctx.repo, await this.ctx.repo.betas.requireAny(betaId), filters, format);
  }

  verify(companyId: number, betaId: string, testerRef: string, code: string | undefined): Promise<TesterView> {
    return verify(this.ctx.repo, companyId, betaId, testerRef, code);
  }

  listCheckins(companyId: number, betaId: string, testerRef: string): Promise<{ date: string }[]> {
    return listCheckins(this.ctx.repo, companyId, betaId, testerRef);
  }

  create(companyId: number, betaId: string, input: CreateInput | undefined): Promise<TesterView> {
    return create(this.ctx, companyId, betaId, input);
  }

  /** A visitor's signup on a public page or the embeddable form (signup.ts). */
  createForVisitor(beta: Beta, input: VisitorInput, visitor: SignupVisitor): Promise<TesterView> {
    return createForVisitor(this.ctx, beta, input, visitor);
  }

  /** `actor`: the console member or API key who asks, named by the moves it causes. */
  update(companyId: number, betaId: string, testerRef: string, input: UpdateInput | undefined, actor: MoveActor = NO_ACTOR): Promise<TesterView> {
    return update(this.ctx, companyId, betaId, testerRef, input, actor);
  }

  /** Puts the tester ahead of everyone else on the waitlist by priority (placing.ts). */
  moveToFront(companyId: number, betaId: string, testerRef: string, actor: MoveActor): Promise<TesterView> {
    return moveToFront(this.ctx, companyId, betaId, testerRef, actor);
  }

  acceptReferral(companyId: number, betaId: string, testerRef: string, memberId: number | null = null): Promise<TesterView> {
    return acceptReferral(this.ctx, companyId, betaId, testerRef, memberId);
  }

  reverseReferral(companyId: number, betaId: string, testerRef: string, memberId: number | null = null): Promise<TesterView> {
    return reverseReferral(this.ctx, companyId, betaId, testerRef, memberId);
  }

  /** Moves the beta's testers `ids` to `requested` in the caller's transaction, each as an update would (status-moves.ts). */
  moveStatuses(trx: Executor, beta: Beta, ids: readonly number[], requested: UpdateStatus, now: string): Promise<Map<number, MoveOutcome>> {
    return moveStatuses(this.ctx, trx, beta, ids, requested, now);
  }

  /** Adds `group` to (or removes it from) the beta's testers `ids` in the caller's transaction (a bulk action's batch). */
  changeGroups(trx: Executor, beta: Beta, ids: readonly number[], group: string, add: boolean, now: string): Promise<Map<number, MoveOutcome>> {
    return changeGroups(this.ctx, trx, beta, ids, group, add, now);
  }

  /** Deletes the beta's testers `ids` in the caller's transaction (a bulk action's batch). */
  deleteMany(trx: Executor, beta: Beta, ids: readonly number[]): Promise<Map<number, 'changed' | 'missing'>> {
    return deleteTesters(this.ctx, trx, beta.id, ids);
  }

  /** Credits the held referral of the locked `tester` in the caller's transaction, as acceptReferral does. */
  releaseHeldReferral(trx: Executor, beta: Beta, tester: TesterRow, now: string): Promise<RenderedViews> {
    return releaseHeldReferral(this.ctx, trx, beta, tester, now);
  }

  delete(companyId: number, betaId: string, testerRef: string): Promise<TesterView> {
    return deleteTester(this.ctx, companyId, betaId, testerRef);
  }

  queueDelete(companyId: number, betaId: string, testerRef: string): Promise<void> {
    return queueDelete(this.ctx, companyId, betaId, testerRef);
  }

  /** Everything stored about the tester (data-export.ts). */
  export(companyId: number, betaId: string, testerRef: string): Promise<TesterExport> {
    return exportTester(this.ctx, companyId, betaId, testerRef);
  }

  /** Erases the tester's personal data, keeping its row anonymized (erasure.ts). */
  erase(companyId: number, betaId: string, testerRef: string): Promise<ErasureReceipt> {
    return eraseTester(this.ctx, companyId, betaId, testerRef);
  }

  performQueuedDeletion(payload: unknown): Promise<void> {
    return performQueuedDeletion(this.ctx, payload);
  }

  get jobHandlers(): Record<string, JobHandler> {
    return deletionJobHandlers(this.ctx);
  }

  /** The recipient of a friend invitation, created in the caller's transaction (signup.ts). */
  insertInvitee(trx: Executor, beta: Beta, email: string, hidden: boolean, now: string): Promise<TesterRow> {
    return insertInvitee(this.ctx, trx, beta, email, hidden, now);
  }

  /** Holds the beta and says whether the company's plan is full: a friend invitation asks before it locks its sender. */
  async holdForNewTester(trx: Executor, beta: Beta): Promise<{ hidden: boolean }> {
    return this.ctx.repo.holdForNewTester(trx, beta);
  }

  reducedViews(executor: Executor, beta: Beta, rows: TesterRow[]): Promise<ReducedTesterView[]> {
    return reducedViews(this.ctx.repo, executor, beta, rows);
  }

  checkin(companyId: number, betaId: string, testerRef: string): Promise<void> {
    return checkin(this.ctx, companyId, betaId, testerRef);
  }

  checkinByEmail(companyId: number, betaId: string, emailText: string | undefined): Promise<void> {
    return checkinByEmail(this.ctx, companyId, betaId, emailText);
  }

  markIdleTesters(): Promise<number> {
    return markIdleTesters(this.ctx);
  }
}
