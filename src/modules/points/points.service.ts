// Points (docs/decisions.md, "Points"): bonus points awarded by hand, the list of a
// beta's points, revocation (extension), and the share award the public share link makes. Every
// award and revocation goes through the ledger (points.ledger.ts), which moves testers.points (the
// order of a points waitlist) in the same transaction.
import { ApiError, Errors, type ErrorEntry } from '../../primitives/errors.ts';
import { forKeyShare, forUpdate } from '../../db/database.ts';
import type { DialectName, Db, Executor } from '../../db/executor.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { PointRow } from '../../db/tables/testers.ts';
import { parseId } from '../../primitives/ids.ts';
import { countUpTo, type PageRequest } from '../../primitives/paging.ts';
import { storedTime, type Clock } from '../../primitives/time.ts';
import type { BetasService } from '../betas/betas.service.ts';
import { movesActedBy } from '../moves/record-moves.ts';
import { awardPoints, revokePoint } from './points.ledger.ts';
import { MAX_POINT_QUANTITY, MAX_POINT_REASON_LENGTH } from './points.schemas.ts';
import type { ListedPoint } from './listed-point.ts';


export interface PointInput {
  email?: string;
  quantity?: number;
  reason?: string;
}

export interface ListFilters {
  email?: string;
}

/**
 * A visitor followed `tester`'s share link: share_points (beta setting) once per visitor network
 * per tester. `visitorNetwork` is an opaque key (e.g. a /24 of the IPv4 address or a daily visitor
 * hash), used as the dedupe key `share:<visitorNetwork>`. Returns the point or null when already
 * awarded or the beta gives 0.
 */
export async function awardSharePoints(
  trx: Executor,
  beta: { id: number; settings: { share_points: number } },
  tester: { id: number },
  visitorNetwork: string,
  now: string,
): Promise<PointRow | null> {
  return awardPoints(trx, {
    betaId: beta.id,
    testerId: tester.id,
    quantity: beta.settings.share_points,
    activity: 'share',
    dedupeKey: `share:${visitorNetwork}`,
    now,
  });
}

/** The checks that need no database, all reported together. */
function checkInput(input: PointInput): { normalizedEmail: string; quantity: number; reason: string | null } {
  const errors: ErrorEntry[] = [];
  const normalizedEmail = input.email?.trim().toLowerCase() ?? '';
  if (!normalizedEmail) errors.push(Errors.pointsEmailRequired.entry());
  const quantity = input.quantity;
  if (quantity === undefined) errors.push(Errors.quantityRequired.entry());
  else if (!Number.isSafeInteger(quantity) || Math.abs(quantity) > MAX_POINT_QUANTITY) {
    // The schema refuses these already; kept for callers that bypass it.
    errors.push(Errors.pointsGeneral.entry(`quantity must be an integer from -${MAX_POINT_QUANTITY} to ${MAX_POINT_QUANTITY}`));
  } else if (quantity === 0) {
    errors.push(Errors.pointsGeneral.entry('quantity must not be 0: give a positive number to award points or a negative one to deduct'));
  }
  const reason = input.reason?.trim() || null;
  if (reason !== null && reason.length > MAX_POINT_REASON_LENGTH) {
    errors.push(Errors.pointsGeneral.entry(`reason must be at most ${MAX_POINT_REASON_LENGTH} characters`));
  }
  if (errors.length > 0) throw ApiError.many(errors);
  return { normalizedEmail, quantity: quantity!, reason };
}

export class PointsService {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly clock: Clock,
    private readonly betas: BetasService,
  ) {}

  /** The beta's points, by id; with `email`, only that tester's (none for an unknown address). Hidden testers' points are left out. */
  async list(companyId: number, betaId: string, filters: ListFilters, page: PageRequest): Promise<{ items: ListedPoint[]; total: number; totalEstimated: boolean }> {
    const beta = await this.betas.require(companyId, betaId);
    // Points of hidden testers (plan limit) are left out by their few ids, so a page is read in
    // id order from (beta_id, id) instead of sorting the beta's points joined to its testers.
    const testers = () => this.db.selectFrom('testers').select('id').where('beta_id', '=', beta.id);
    let query = this.db.selectFrom('points').where('points.beta_id', '=', beta.id).where('points.tester_id', 'not in', testers().where('hidden', '=', 1));
    const email = filters.email?.trim().toLowerCase();
    if (email) query = query.where('points.tester_id', 'in', testers().where('email_normalized', '=', email));
    const [items, count] = await Promise.all([
      query.selectAll('points').orderBy('points.id').limit(page.perPage).offset(page.offset).execute(),
      countUpTo(this.db, query.select('points.id').orderBy('points.id'), page),
    ]);
    return { items: await this.withAddresses(items), ...count };
  }

  /** The page's points with their testers' addresses, read by the page's few tester ids (no join drives the page's order). */
  private async withAddresses(items: PointRow[]): Promise<ListedPoint[]> {
    const ids = [...new Set(items.map((point) => point.tester_id))];
    const testers = ids.length ? await this.db.selectFrom('testers').select(['id', 'email']).where('id', 'in', ids).execute() : [];
    const addresses = new Map(testers.map((tester) => [tester.id, tester.email]));
    return items.map((point) => ({ ...point, email: addresses.get(point.tester_id) ?? '' }));
  }

  /** Awards bonus points (a negative quantity deducts) to the beta's tester with the given e-mail. */
  async create(companyId: number, betaId: string, input: PointInput, memberId: number | null = null): Promise<PointRow> {
    const beta = await this.betas.require(companyId, betaId);
    const checked = checkInput(input);
    return inTransaction(this.db, async (trx) => {
      movesActedBy(trx, memberId);
      await this.betas.hold(trx, beta.id);
      // Kept from deletion until the award is recorded (the points row references the tester).
      const tester = await forKeyShare(
        this.dialect,
        trx
          .selectFrom('testers')
          .select(['id', 'hidden'])
          .where('beta_id', '=', beta.id)
          .where('email_normalized', '=', checked.normalizedEmail),
      ).executeTakeFirst();
      // A hidden tester (plan limit) is not shown by any list, so it is not found here either.
      if (!tester || tester.hidden) throw Errors.pointsEmailNotFound();
      const row = await awardPoints(trx, {
        betaId: beta.id,
        testerId: tester.id,
        quantity: checked.quantity,
        activity: 'bonus',
        reason: checked.reason,
        now: this.now(),
      });
      if (!row) throw new Error('A bonus award without a dedupe key was not recorded');
      return row;
    });
  }

  /** Revokes a point (extension): it stays listed with revoked_at set and no longer counts. */
  async revoke(companyId: number, betaId: string, pointIdText: string, memberId: number | null = null): Promise<PointRow> {
    const beta = await this.betas.require(companyId, betaId);
    const pointId = parseId(pointIdText);
    if (pointId === null) throw Errors.notFound('Point not found');
    return inTransaction(this.db, async (trx) => {
      movesActedBy(trx, memberId);
      await this.betas.hold(trx, beta.id);
      // Its tester before the point (docs/architecture.md, "Lock order"): revoking moves the
      // tester's points. A tester deleted meanwhile took the point with it.
      const owner = await trx.selectFrom('points').select('tester_id').where('id', '=', pointId).where('beta_id', '=', beta.id).executeTakeFirst();
      if (owner) await forUpdate(this.dialect, trx.selectFrom('testers').select('id').where('id', '=', owner.tester_id)).execute();
      const point = await trx
        .selectFrom('points')
        .innerJoin('testers', 'testers.id', 'points.tester_id')
        .select(['points.id', 'points.revoked_at'])
        .where('points.id', '=', pointId)
        .where('points.beta_id', '=', beta.id)
        .where('testers.hidden', '=', 0)
        .executeTakeFirst();
      if (!point) throw Errors.notFound('Point not found');
      // The conditional update in revokePoint decides between concurrent revocations.
      const revoked = point.revoked_at === null ? await revokePoint(trx, point.id, this.now()) : null;
      if (!revoked) throw Errors.pointsGeneral('Point already revoked');
      return revoked;
    });
  }

  private now(): string {
    return storedTime(this.clock.now());
  }

}
