// The tester events (DESIGN.md "Webhooks"): raised in the transaction of the change, with the
// tester as "show tester" would answer at that moment — so tester_deleted is raised before the row
// goes, and its body is the tester as it was. Hidden testers raise nothing: the API does not show them.
import type { Executor } from '../../db/database.ts';
import { raiseEvent } from '../events/events.ts';
import { currentTesterView } from './tester-views.ts';
import type { TesterView } from './testers.presenter.ts';

export type TesterEventType = 'tester_created' | 'tester_updated' | 'tester_deleted';

export class TesterEvents {
  constructor(private readonly publicUrl: string) {}

  /**
   * Raises the event for each tester. Returns the views it rendered (only when an endpoint
   * listens): the state the transaction commits, which the caller may answer with rather than
   * reading it all again after commit.
   */
  async raise(trx: Executor, type: TesterEventType, betaId: number, testerIds: readonly number[], now: string): Promise<Map<number, TesterView>> {
    const rendered = new Map<number, TesterView>();
    for (const testerId of testerIds) {
      const view = await raiseEvent(trx, { betaId, type, now, data: () => currentTesterView(trx, this.publicUrl, testerId) });
      if (view) rendered.set(testerId, view as TesterView);
    }
    return rendered;
  }
}
