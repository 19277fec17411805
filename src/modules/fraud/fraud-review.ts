// Fraud review (docs/decisions.md, "Fraud review"): the queue of the beta's flagged testers not
// decided yet, each flag explained in words (fraud-signals.ts), and the owner's decision on one
// tester or many, recorded with who took it (a member or an API key). Approve credits a referral
// held by the flags, exactly as accept_referral does; reject keeps the referral from ever being
// credited and moves the tester to rejected (off the waitlist) when the status rules permit it,
// as an update would. Either way the tester leaves the queue. A cluster of the queue (a network, a
// device, a referrer: fraud-clusters.ts) is decided whole, its members as many decisions.
import type { DialectName, Db } from '../../db/executor.ts';
import { forUpdate } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { FraudDecisionRow } from '../../db/tables/owner-work.ts';
import type { TesterRow } from '../../db/tables/testers.ts';
import { Errors } from '../../primitives/errors.ts';
import { parseId } from '../../primitives/ids.ts';
import { countUpTo, type PageRequest } from '../../primitives/paging.ts';
import { storedTime, type Clock } from '../../primitives/time.ts';
import type { Principal } from '../accounts/accounts.service.ts';
import type { Beta, BetasService } from '../betas/betas.service.ts';
import { movesActedBy } from '../moves/record-moves.ts';
import { CLUSTER_MEMBERS_SHOWN, type Cluster, type ClusterKind, clusterNamed, clustersOf, membersOf, undecidedFlagged } from './fraud-clusters.ts';
import type { TestersService } from '../testers/testers.service.ts';

export const FraudDecisions = ['approve', 'reject'] as const;
export type FraudDecision = (typeof FraudDecisions)[number];
/** Testers one request may name, and one transaction decides. */
export const MAX_DECIDED = 500;

export type SkipReason = 'not_found' | 'not_flagged' | 'already_decided';

export interface DecisionOutcome {
  decisions: (FraudDecisionRow & { tester_email: string })[];
  skipped: { tester_id: number; reason: SkipReason }[];
}

export type QueuedTester = TesterRow & { referrer_email: string | null };

export interface ClusterDecision {
  by?: ClusterKind;
  key?: string;
  decision?: FraudDecision;
  note?: string;
}

export type ListedCluster = Cluster & { referrerEmail: string | null; members: QueuedTester[] };

/** Queued testers with their referrer's address. */
function withReferrer(queued: ReturnType<typeof undecidedFlagged>) {
  return queued.leftJoin('testers as referrer', 'referrer.id', 'testers.referrer_id').selectAll('testers').select('referrer.email as referrer_email');
}

export class FraudReviewService {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly clock: Clock,
    private readonly betas: BetasService,
    private readonly testers: TestersService,
  ) {}

  /** The beta's visible flagged testers not decided yet, oldest first: read from the partial index testers_fraud_queue. */
  async queue(companyId: number, betaIdText: string, page: PageRequest): Promise<{ items: QueuedTester[]; total: number }> {
    const beta = await this.betas.require(companyId, betaIdText);
    const queued = undecidedFlagged(this.db, beta.id);
    const [items, counted] = await Promise.all([withReferrer(queued).orderBy('testers.id').limit(page.perPage).offset(page.offset).execute(), countUpTo(this.db, queued.select('testers.id'), page)]);
    return { items, ...counted };
  }

  /** The beta's decisions, newest first, with the tester's address. */
  async log(companyId: number, betaIdText: string, page: PageRequest): Promise<{ items: DecisionOutcome['decisions']; total: number; totalEstimated: boolean }> {
    const beta = await this.betas.require(companyId, betaIdText);
    const ofBeta = this.db.selectFrom('fraud_decisions').where('fraud_decisions.beta_id', '=', beta.id);
    const [items, counted] = await Promise.all([
      ofBeta
        .innerJoin('testers', 'testers.id', 'fraud_decisions.tester_id')
        .selectAll('fraud_decisions')
        .select('testers.email as tester_email')
        .orderBy('fraud_decisions.id', 'desc')
        .limit(page.perPage)
        .offset(page.offset)
        .execute(),
      countUpTo(this.db, ofBeta.select('fraud_decisions.id'), page),
    ]);
    return { items, ...counted };
  }

  /** Decides one tester: 404 when the beta has no such visible tester, 422 (2301) when it is not flagged or decided already. */
  async decideOne(principal: Principal, betaIdText: string, testerRef: string, decision: FraudDecision | undefined, note: string | undefined): Promise<DecisionOutcome['decisions'][number]> {
    const id = parseId(testerRef);
    if (id === null) {
      await this.betas.require(principal.companyId, betaIdText);
      throw Errors.notFound('Tester not found');
    }
    const outcome = await this.decide(principal, betaIdText, [id], decision, note);
    const skipped = outcome.skipped[0];
    if (skipped?.reason === 'not_found') throw Errors.notFound('Tester not found');
    if (skipped?.reason === 'not_flagged') throw Errors.testersGeneral('This tester has no fraud flags: there is nothing to review');
    if (skipped) throw Errors.testersGeneral('This tester has been reviewed already: its decision is in the log');
    return outcome.decisions[0];
  }

  /**
   * Decides each tester of `ids` (at most MAX_DECIDED) in one transaction; testers not found, not
   * flagged or decided already are skipped and said so. Each decision is recorded with who took it.
   */
  async decide(principal: Principal, betaIdText: string, ids: readonly number[] | undefined, decision: FraudDecision | undefined, note: string | undefined): Promise<DecisionOutcome> {
    const beta = await this.betas.require(principal.companyId, betaIdText);
    const unique = [...new Set(ids ?? [])];
    const problems = [
      ...(decision === undefined ? ['decision is required: approve or reject'] : []),
      ...(unique.length === 0 || unique.length > MAX_DECIDED ? [`tester_ids must name 1 to ${MAX_DECIDED} testers`] : []),
    ];
    if (problems.length > 0 || decision === undefined) throw Errors.testersGeneral(problems.join('; '));
    return this.#decideIn(principal, beta, unique, decision, note, await this.#who(principal));
  }

  /**
   * The beta's clusters of queued testers by `by` (network, device or referrer), the largest first,
   * a page of them, each with its first CLUSTER_MEMBERS_SHOWN members and, for a referrer, its address.
   */
  async clusters(companyId: number, betaIdText: string, by: ClusterKind, page: PageRequest): Promise<{ items: ListedCluster[]; total: number }> {
    const beta = await this.betas.require(companyId, betaIdText);
    const all = await clustersOf(this.db, beta.id, by);
    const shown = all.slice(page.offset, page.offset + page.perPage);
    const referrers = shown.flatMap((cluster) => cluster.referrerId ?? []);
    const [members, emails] = await Promise.all([
      Promise.all(shown.map((cluster) => withReferrer(membersOf(this.db, beta.id, cluster)).limit(CLUSTER_MEMBERS_SHOWN).execute())),
      referrers.length === 0 ? [] : this.db.selectFrom('testers').select(['id', 'email']).where('id', 'in', referrers).execute(),
    ]);
    const emailOf = new Map(emails.map((row) => [row.id, row.email]));
    return {
      items: shown.map((cluster, i) => ({ ...cluster, referrerEmail: cluster.referrerId === null ? null : (emailOf.get(cluster.referrerId) ?? null), members: members[i] })),
      total: all.length,
    };
  }

  /**
   * Decides every queued member of the cluster `key` names, MAX_DECIDED to a transaction, as decide
   * does: a member decided meanwhile is skipped. 422 (2301) when no queued tester is in it.
   */
  async decideCluster(principal: Principal, betaIdText: string, request: ClusterDecision): Promise<{ by: ClusterKind; key: string; decision: FraudDecision; decided: number }> {
    const beta = await this.betas.require(principal.companyId, betaIdText);
    const { by, key, decision, note } = request;
    const problems = [
      ...(by === undefined ? ['by is required: network, device or referrer'] : []),
      ...(key === undefined ? ['key is required: the cluster\'s key as listed'] : []),
      ...(decision === undefined ? ['decision is required: approve or reject'] : []),
    ];
    if (problems.length > 0 || by === undefined || key === undefined || decision === undefined) throw Errors.testersGeneral(problems.join('; '));
    const cluster = await clusterNamed(this.db, beta.id, by, key);
    if (!cluster) {
      // A deletion of the beta committed since it was read empties every cluster: that is a 404.
      await inTransaction(this.db, (trx) => this.betas.hold(trx, beta.id));
      throw Errors.testersGeneral(`No flagged tester waiting for review is in the ${by} cluster ${key}`);
    }
    const ids = (await membersOf(this.db, beta.id, cluster).select('testers.id').execute()).map((row) => row.id);
    const decidedBy = await this.#who(principal);
    let decided = 0;
    for (let start = 0; start < ids.length; start += MAX_DECIDED) {
      decided += (await this.#decideIn(principal, beta, ids.slice(start, start + MAX_DECIDED), decision, note, decidedBy)).decisions.length;
    }
    return { by, key, decision, decided };
  }

  /** Decides the beta's testers `ids` in one transaction, skipping those not found, not flagged or decided already. */
  async #decideIn(principal: Principal, beta: Beta, unique: readonly number[], decision: FraudDecision, note: string | undefined, decidedBy: string): Promise<DecisionOutcome> {
    return inTransaction(this.db, async (trx) => {
      movesActedBy(trx, principal.session?.memberId ?? null);
      const now = storedTime(this.clock.now());
      await this.betas.hold(trx, beta.id);
      const rows = await forUpdate(
        this.dialect,
        trx.selectFrom('testers').selectAll().where('beta_id', '=', beta.id).where('hidden', '=', 0).where('id', 'in', unique).orderBy('id'),
      ).execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      const outcome: DecisionOutcome = { decisions: [], skipped: [] };
      const decided: TesterRow[] = [];
      for (const id of unique) {
        const row = byId.get(id);
        const reason: SkipReason | null = !row ? 'not_found' : row.fraud_flags === null ? 'not_flagged' : row.fraud_decision !== null ? 'already_decided' : null;
        if (reason) outcome.skipped.push({ tester_id: id, reason });
        else decided.push(row!);
      }
      if (decided.length === 0) return outcome;
      await trx.updateTable('testers').set({ fraud_decision: decision, updated_at: now }).where('id', 'in', decided.map((row) => row.id)).execute();
      if (decision === 'approve') {
        for (const row of decided) if (row.referral_held && row.referrer_id !== null && row.referral_accepted_at === null) await this.testers.releaseHeldReferral(trx, beta, row, now);
      } else {
        // Off the waitlist where the status rules permit (imported, applied, invited); an active or suspended tester keeps its status.
        await this.testers.moveStatuses(trx, beta, decided.map((row) => row.id), 'rejected', now);
      }
      const written = await trx
        .insertInto('fraud_decisions')
        .values(
          decided.map((row) => ({
            beta_id: beta.id,
            tester_id: row.id,
            decision,
            note: note?.trim() || null,
            member_id: principal.session?.memberId ?? null,
            api_key_id: principal.keyId,
            decided_by: decidedBy,
            created_at: now,
          })),
        )
        .returningAll()
        .execute();
      outcome.decisions = written.map((decisionRow) => ({ ...decisionRow, tester_email: byId.get(decisionRow.tester_id)!.email }));
      return outcome;
    });
  }

  /** Who decides, in words kept with the decision: the member's address, or the API key's name. */
  async #who(principal: Principal): Promise<string> {
    if (principal.session) {
      const member = await this.db.selectFrom('members').select('email').where('id', '=', principal.session.memberId).executeTakeFirst();
      return member?.email ?? `member ${principal.session.memberId}`;
    }
    if (principal.keyId !== null) {
      const key = await this.db.selectFrom('api_keys').select(['name', 'key_prefix']).where('id', '=', principal.keyId).executeTakeFirst();
      return `API key ${key?.name || key?.key_prefix || principal.keyId}`;
    }
    return 'unknown';
  }
}
