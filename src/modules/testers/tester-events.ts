// The tester events (docs/decisions.md, "Events"). tester_deleted is rendered in the transaction of
// the change, while the row is there to show: its body is the tester as it was. tester_created and
// tester_updated are rendered when their command's effects row is expanded, right after commit,
// as "show tester" would answer then (raiseTesterEvent in events.ts). Hidden testers raise nothing:
// the API does not show them.
import type { Db, Executor } from '../../db/executor.ts';
import { expandedEffects, registerExpander } from '../../jobs/effects.ts';
import { EVENTS_PART, raiseEvent, raiseTesterEvent, writeEvents, type DeferredEvent } from '../events/events.ts';
import { readBetaRow } from '../betas/betas.service.ts';
import type { TesterViews } from './tester-views.ts';
import type { TesterView } from './testers.presenter.ts';

export type TesterEventType = 'tester_created' | 'tester_updated' | 'tester_deleted';

/** After commit: the views the events were given, by tester id (none when nobody listens). */
export type RenderedViews = () => Promise<ReadonlyMap<number, TesterView>>;

const NONE: RenderedViews = () => Promise.resolve(new Map());

/** Testers read and rendered at once: a page, as the list endpoint reads. */
const RENDER_CHUNK = 100;

export class TesterEvents {
  constructor(
    db: Db,
    private readonly views: TesterViews,
  ) {
    registerExpander(db, EVENTS_PART, (trx, betaId, items) => this.expand(trx, betaId, items as DeferredEvent[]));
  }

  /**
   * Raises the event for each (visible) tester. Returns the views rendered for them, to call once
   * the transaction has committed: the caller may answer with them rather than reading it all again.
   */
  async raise(trx: Executor, type: TesterEventType, betaId: number, testerIds: readonly number[], now: string): Promise<RenderedViews> {
    if (type === 'tester_deleted') {
      const rendered = new Map<number, TesterView>();
      for (const testerId of testerIds) {
        const view = await raiseEvent(trx, { betaId, type, now, data: () => this.views.current(trx, testerId) });
        if (view) rendered.set(testerId, view as TesterView);
      }
      return () => Promise.resolve(rendered);
    }
    let raised = false;
    for (const testerId of testerIds) raised = (await raiseTesterEvent(trx, { betaId, type, now, testerId })) || raised;
    return raised ? async () => ((await expandedEffects(trx)).get(EVENTS_PART) as ReadonlyMap<number, TesterView> | undefined) ?? new Map() : NONE;
  }

  /** Renders the events' testers (a page read per chunk) and writes the events; answers the views by tester id. */
  private async expand(trx: Executor, betaId: number, events: readonly DeferredEvent[]): Promise<ReadonlyMap<number, TesterView>> {
    const views = new Map<number, TesterView>();
    const ids = [...new Set(events.flatMap((event) => (event.testerId === undefined ? [] : [event.testerId])))];
    const beta = ids.length > 0 ? await readBetaRow(trx, betaId) : undefined;
    for (let start = 0; beta && start < ids.length; start += RENDER_CHUNK) {
      const rows = await trx.selectFrom('testers').selectAll().where('id', 'in', ids.slice(start, start + RENDER_CHUNK)).execute();
      const visible = rows.filter((row) => !row.hidden);
      const rendered = await this.views.of(trx, beta, visible, { responses: 'read' });
      for (const [i, view] of rendered.entries()) views.set(visible[i].id, view);
    }
    await writeEvents(trx, betaId, events, views);
    return views;
  }
}
