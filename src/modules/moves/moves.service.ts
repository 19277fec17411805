// A tester's moves, read: the owner's list (GET …/testers/{tester_id}/moves.json), newest first,
// and the latest few for the tester's status page. Recorded by record-moves.ts.
import { compiled } from '../../db/compiled.ts';
import type { Db } from '../../db/database.ts';
import type { TesterMoveRow } from '../../db/types.ts';
import { countUpTo, type PageRequest } from '../../paging.ts';
import type { TestersService } from '../testers/testers.service.ts';

// Every status page reads it: compiled once (db/compiled.ts).
const latestMoves = compiled((db, p: { testerId: number; count: number }) =>
  db.selectFrom('tester_moves').selectAll().where('tester_id', '=', p.testerId).orderBy('id', 'desc').limit(p.count),
);

export class MovesService {
  constructor(
    private readonly db: Db,
    private readonly testers: TestersService,
  ) {}

  /** The tester's moves, newest first: 404 and 2317 as show tester. */
  async list(companyId: number, betaId: string, testerRef: string, page: PageRequest): Promise<{ items: TesterMoveRow[]; total: number; totalEstimated: boolean }> {
    const { tester } = await this.testers.visibleRow(companyId, betaId, testerRef);
    const query = this.db.selectFrom('tester_moves').where('tester_id', '=', tester.id);
    const [items, count] = await Promise.all([
      query.selectAll().orderBy('id', 'desc').limit(page.perPage).offset(page.offset).execute(),
      countUpTo(this.db, query.select('id').orderBy('id', 'desc'), page),
    ]);
    return { items, ...count };
  }

  /** The tester's latest `count` moves, newest first: what their status page tells. */
  latest(testerId: number, count: number): Promise<TesterMoveRow[]> {
    return latestMoves.rows(this.db, { testerId, count });
  }
}
