// A tester's moves, read: the owner's list (GET …/testers/{tester_id}/moves.json), newest first,
// and the latest few for the tester's status page. Recorded by record-moves.ts.
import { compiled } from '../../db/engine/compiled.ts';
import type { Db } from '../../db/executor.ts';
import type { TesterMoveRow } from '../../db/tables/testers.ts';
import { pageWithTotal, type PageRequest } from '../../primitives/paging.ts';
import type { TestersService } from '../testers/testers.service.ts';

// Every status page reads it, and every moves.json page: compiled once (db/engine/compiled.ts).
const latestMoves = compiled((db, p: { testerId: number; count: number; offset: number }) =>
  db.selectFrom('tester_moves').selectAll().where('tester_id', '=', p.testerId).orderBy('id', 'desc').limit(p.count).offset(p.offset),
);

export class MovesService {
  constructor(
    private readonly db: Db,
    private readonly testers: TestersService,
  ) {}

  /** The tester's moves, newest first: 404 and 2317 as show tester. */
  async list(companyId: number, betaId: string, testerRef: string, page: PageRequest): Promise<{ items: TesterMoveRow[]; total: number; totalEstimated: boolean }> {
    const { tester } = await this.testers.visibleRow(companyId, betaId, testerRef, ['id']);
    const ids = this.db.selectFrom('tester_moves').select('id').where('tester_id', '=', tester.id).orderBy('id', 'desc');
    return pageWithTotal(this.db, () => latestMoves.rows(this.db, { testerId: tester.id, count: page.perPage, offset: page.offset }), ids, page);
  }

  /** The tester's latest `count` moves, newest first: what their status page tells. */
  latest(testerId: number, count: number): Promise<TesterMoveRow[]> {
    return latestMoves.rows(this.db, { testerId, count, offset: 0 });
  }
}
