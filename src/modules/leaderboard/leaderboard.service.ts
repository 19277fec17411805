// The beta's leaderboard (docs/decisions.md, "Leaderboard and progress"): the front of the
// waitlist, in waitlist order, read from the standings index and then only the rows it names. Left
// out: testers off the waitlist (hidden by the plan limit, unconfirmed, rejected, any status but
// applied: the index holds none of them) and testers whose fraud flags are held for review or were
// rejected in it. Visitors see each entry under its public name or its masked address; the owner
// sees who it is.
import type { Db } from '../../db/executor.ts';
import { LeastRecentlyUsed } from '../../db/engine/least-recently-used.ts';
import type { Clock } from '../../primitives/time.ts';
import { storedTime } from '../../primitives/time.ts';
import type { Beta, BetasService } from '../betas/betas.service.ts';
import { maskedEmail } from '../testers/masked-email.ts';
import type { TestersService } from '../testers/testers.service.ts';
import type { InvitationSchedulesService } from '../invitation-schedules/invitation-schedules.service.ts';
import type { Standings } from '../waitlist/standings.ts';
import { PROGRESS_COLUMNS, progressOf, type Progress, type ProgressTester } from './progress.ts';

/** How long a process answers visitors with a board it has built: the most a public board lags behind. */
export const PUBLIC_BOARD_MAX_AGE_MS = 3_000;
/** Waitlist entries looked at, at most, past the flagged ones to fill a board. */
const MAX_SCANNED = 5_000;
/** Betas whose public board a process keeps at once (each at most 100 entries); the least recently shown go first. */
const MAX_PUBLIC_BOARDS = 1_000;

export interface BoardEntry {
  rank: number;
  testerId: number;
  email: string;
  leaderboardName: string | null;
  waitlistPosition: number;
  referrals: number;
  points: number;
}

export interface Board {
  entries: BoardEntry[];
  /** When the board was read (stored-time text). */
  updatedAt: string;
}

/** An entry as visitors see it: no id, no address. */
export interface PublicEntry {
  rank: number;
  name: string;
  referrals: number;
  points: number;
  /** Only for the tester's own status page, which marks their entry; never sent to the public. */
  testerId: number;
}

export interface PublicBoard {
  entries: PublicEntry[];
  updatedAt: string;
  /** Until when (Date.now() milliseconds) this process answers with it: what a cache may keep it for. */
  keptUntil: number;
}

/** What visitors see of a tester: the public name they chose, else the masked address. */
export function publicName(tester: { leaderboard_name: string | null; email: string }): string {
  return tester.leaderboard_name ?? maskedEmail(tester.email);
}

/** Flags held for the owner's review (no decision yet) or rejected in it keep a tester off the board. */
function heldByFraudReview(row: { fraud_flags: string | null; fraud_decision: string | null }): boolean {
  return row.fraud_flags !== null && row.fraud_decision !== 'approve';
}

export class LeaderboardService {
  /** Per beta: the board visitors are shown, while it is fresh, and the size it was built for. */
  readonly #public = new LeastRecentlyUsed<number, { size: number; expires: number; board: Promise<PublicBoard> }>(MAX_PUBLIC_BOARDS);

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly betas: BetasService,
    private readonly testers: TestersService,
    private readonly standings: Standings,
    private readonly invitations: Pick<InvitationSchedulesService, 'estimatedInvitationAt'>,
  ) {}

  /** A tester's progress (progress.ts) for the owner: 404 and 2317 as show tester. */
  async progress(companyId: number, betaIdText: string, testerRef: string): Promise<Progress> {
    const { beta, tester } = await this.testers.visibleRow(companyId, betaIdText, testerRef, PROGRESS_COLUMNS);
    return this.progressFor(beta, tester);
  }

  /** The tester's progress in its beta (the status page's, once it has found the tester). */
  progressFor(beta: Beta, tester: ProgressTester): Promise<Progress> {
    return progressOf(this.db, this.standings, this.invitations, beta, tester);
  }

  /**
   * The first `leaderboard_size` eligible testers of the waitlist, read now: waitlist ids from the
   * index in chunks, then their rows, skipping the flagged ones, until the board is full, the
   * waitlist ends, or MAX_SCANNED entries were looked at.
   */
  async read(beta: Beta): Promise<Board> {
    const size = beta.settings.leaderboard_size;
    const updatedAt = storedTime(this.clock.now());
    const entries: BoardEntry[] = [];
    const chunk = Math.max(2 * size, 50);
    for (let from = 0; entries.length < size && from < MAX_SCANNED; from += chunk) {
      const { ids } = await this.standings.waitlistSlice(beta, from, chunk);
      if (ids.length === 0) break;
      const rows = await this.db
        .selectFrom('testers')
        .select(['id', 'email', 'leaderboard_name', 'status', 'hidden', 'share_signups_count', 'points', 'fraud_flags', 'fraud_decision'])
        .where('id', 'in', ids)
        .execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const [index, id] of ids.entries()) {
        const row = byId.get(id);
        // Changed since the index was read (deleted, moved off the waitlist): not on the board.
        if (row?.status !== 'applied' || row.hidden || heldByFraudReview(row)) continue;
        entries.push({
          rank: entries.length + 1,
          testerId: row.id,
          email: row.email,
          leaderboardName: row.leaderboard_name,
          waitlistPosition: from + index + 1,
          referrals: row.share_signups_count,
          points: row.points,
        });
        if (entries.length === size) break;
      }
      if (ids.length < chunk) break;
    }
    return { entries, updatedAt };
  }

  /** The owner's view of the company's beta, read now, whether or not visitors can see it; 404 as any beta route. */
  async forOwner(companyId: number, betaIdText: string): Promise<{ beta: Beta; board: Board }> {
    const beta = await this.betas.require(companyId, betaIdText);
    return { beta, board: await this.read(beta) };
  }

  /**
   * The board visitors see, or undefined while the beta's leaderboard is off. Built at most once
   * per PUBLIC_BOARD_MAX_AGE_MS per process (concurrent requests share one build).
   */
  async forVisitors(beta: Beta): Promise<PublicBoard | undefined> {
    if (!beta.settings.leaderboard_enabled) return undefined;
    const size = beta.settings.leaderboard_size;
    const now = Date.now();
    const kept = this.#public.get(beta.id);
    if (kept && kept.size === size && kept.expires > now) return kept.board;
    const expires = now + PUBLIC_BOARD_MAX_AGE_MS;
    const board = this.read(beta).then(({ entries, updatedAt }) => ({
      entries: entries.map((entry) => ({
        rank: entry.rank,
        name: publicName({ leaderboard_name: entry.leaderboardName, email: entry.email }),
        referrals: entry.referrals,
        points: entry.points,
        testerId: entry.testerId,
      })),
      updatedAt,
      keptUntil: expires,
    }));
    this.#public.set(beta.id, { size, expires, board });
    // A failed read is not kept: the next request tries again.
    board.catch(() => this.#public.get(beta.id)?.board === board && this.#public.delete(beta.id));
    return board;
  }

  /** Whether this process holds a fresh public board of the beta: showing it again reads no database. */
  holdsFresh(betaId: number): boolean {
    const kept = this.#public.get(betaId);
    return kept !== undefined && kept.expires > Date.now();
  }

  /** Drops the beta's public board: a name this process just changed shows on the next request. */
  forget(betaId: number): void {
    this.#public.delete(betaId);
  }
}
