// A tester's moves (docs/decisions.md, "Moves"): every change of a tester's own standing, with its
// cause, written in the transaction of the change. Commands say what moved (recordMoves) as they
// go; the transaction's moves are placed in the standings index and written in one statement just
// before it commits, so a signup pays one insert for its own move and its referrer's.
import { compiledVariants } from '../../db/engine/compiled.ts';
import type { Db, Executor } from '../../db/executor.ts';
import { beforeCommit, databaseOf, writeAtCommit } from '../../db/transaction.ts';
import type { TesterMoveRow } from '../../db/tables/testers.ts';
import { toBeta } from '../betas/betas.service.ts';
import type { Placed, Standings, WaitlistOrder } from '../waitlist/standings.ts';

export const MoveCauses = [
  'signed_up',
  'referral_credited',
  'referral_held',
  'referral_accepted',
  'referral_reversed',
  'points_awarded',
  'points_revoked',
  'status_changed',
  'moved_by_owner',
] as const;
export type MoveCause = (typeof MoveCauses)[number];

export interface MovesBeta {
  id: number;
  settings: { waitlist_order: WaitlistOrder; position_change_interval_minutes: number };
}

export interface Move {
  /** The tester's row as the change left it. */
  tester: Placed;
  cause: MoveCause;
  /** The referred tester (a referral's causes) or the point (points'). */
  sourceId?: number | null;
}

interface Pending {
  /** The beta, or its id when the caller has not read it (its order is read in the transaction then). */
  beta: MovesBeta | number;
  move: Move;
  at: string;
}

/** Where each database's moves are placed: the process's standings index. */
const placers = new WeakMap<Db, Pick<Standings, 'positionsAround'>>();

export function placeMovesWith(db: Db, standings: Pick<Standings, 'positionsAround'>): void {
  placers.set(db, standings);
}

/** A move as written: the table's row but its generated id. */
export type WrittenMove = Omit<TesterMoveRow, 'id'>;

/** Told of each transaction's moves once written, each with its beta, in that transaction (position-changes.ts). */
export type MovesWatcher = (trx: Executor, moves: readonly { move: WrittenMove; beta: MovesBeta }[]) => Promise<void>;

const watchers = new WeakMap<Db, MovesWatcher>();

export function watchMovesWith(db: Db, watcher: MovesWatcher): void {
  watchers.set(db, watcher);
}

const pendingByTransaction = new WeakMap<Executor, Pending[]>();

const actingMembers = new WeakMap<Executor, number>();
const actingKeys = new WeakMap<Executor, number>();

/**
 * Says which console member runs the command of `trx` (null: an API key, the tester or the
 * service): every move it records names them.
 */
export function movesActedBy(trx: Executor, memberId: number | null): void {
  if (memberId !== null) actingMembers.set(trx, memberId);
}

/** Who asks for a command that places testers by hand: a console member, or an API key's request. */
export interface MoveActor {
  memberId: number | null;
  apiKeyId: number | null;
}

/** A command nobody in particular asked for (the tester's own, the service's). */
export const NO_ACTOR: MoveActor = { memberId: null, apiKeyId: null };

/**
 * Says who runs a command of `trx` that may place a tester by hand: every move it records names the
 * member (movesActedBy), and an owner's move (moved_by_owner) the API key too.
 */
export function movesActedByActor(trx: Executor, actor: MoveActor): void {
  movesActedBy(trx, actor.memberId);
  if (actor.apiKeyId !== null) actingKeys.set(trx, actor.apiKeyId);
}

/**
 * Records the moves in the caller's transaction: hidden testers (no list shows them) have none.
 * Written just before the transaction commits, each with the tester's position before and after.
 */
export function recordMoves(trx: Executor, beta: MovesBeta | number, moves: readonly Move[], at: string): void {
  const visible = moves.filter((move) => move.tester.hidden === 0);
  if (visible.length === 0) return;
  let pending = pendingByTransaction.get(trx);
  if (!pending) {
    const created: Pending[] = (pending = []);
    pendingByTransaction.set(trx, created);
    beforeCommit(trx, () => writeMoves(trx, created));
  }
  for (const move of visible) pending.push({ beta, move, at });
}

const moveInsert = compiledVariants((_rows: number) => (db, rows: WrittenMove[]) => db.insertInto('tester_moves').values(rows));

/** Rows per insert: 12 values each, far below either database's parameter limit. */
const ROWS_PER_INSERT = 500;

async function writeMoves(trx: Executor, pending: Pending[]): Promise<void> {
  pendingByTransaction.delete(trx);
  const placer = placers.get(databaseOf(trx));
  if (!placer) throw new Error('Moves need the standings index: placeMovesWith(db, standings) when the services are built');
  const betas = new Map<number, MovesBeta>();
  const betaOf = async (beta: MovesBeta | number): Promise<MovesBeta> => {
    if (typeof beta !== 'number') return beta;
    const known = betas.get(beta);
    if (known) return known;
    const row = await trx.selectFrom('betas').selectAll().where('id', '=', beta).executeTakeFirstOrThrow();
    const read = toBeta(row);
    betas.set(beta, read);
    return read;
  };
  // A tester moved twice in one transaction moved from where its first move left it.
  const lastPosition = new Map<number, number | null>();
  const rows: WrittenMove[] = [];
  const betasOfRows: MovesBeta[] = [];
  for (const pendingMove of pending) {
    const { move, at } = pendingMove;
    const beta = await betaOf(pendingMove.beta);
    const { tester } = move;
    const placed = (await placer.positionsAround(trx, beta, [tester])).get(tester.id)!;
    const before = lastPosition.has(tester.id) ? lastPosition.get(tester.id)! : move.cause === 'signed_up' ? null : placed.before;
    // An owner's priority that leaves the tester where they stood changed nothing the move would show.
    if (move.cause === 'moved_by_owner' && before === placed.after) continue;
    lastPosition.set(tester.id, placed.after);
    rows.push({
      beta_id: beta.id,
      tester_id: tester.id,
      at,
      cause: move.cause,
      source_id: move.sourceId ?? null,
      position_before: before,
      position: placed.after,
      referrals: tester.share_signups_count,
      points: tester.points,
      member_id: actingMembers.get(trx) ?? null,
      api_key_id: move.cause === 'moved_by_owner' ? (actingKeys.get(trx) ?? null) : null,
    });
    betasOfRows.push(beta);
  }
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + ROWS_PER_INSERT);
    writeAtCommit(trx, { query: moveInsert(chunk.length).query(trx, chunk) });
  }
  await watchers.get(databaseOf(trx))?.(
    trx,
    rows.map((move, i) => ({ move, beta: betasOfRows[i] })),
  );
}
