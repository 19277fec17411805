// The tester events (docs/decisions.md, "Events"). tester_deleted is rendered in the transaction of
// the change, while the row is there to show: its body is the tester as it was. tester_created and
// tester_updated are rendered right after commit, outside the transaction, as "show tester" would
// answer then (LateEvent in events.ts). Hidden testers raise nothing: the API does not show them.
import type { Db, Executor } from '../../db/database.ts';
import { afterCommit } from '../../db/transaction.ts';
import type { WebhookEventRow } from '../../db/types.ts';
import { completeLateEvent, fillLateEvents, raiseEvent, raiseLateEvent, type LateEvent } from '../events/events.ts';
import { readBeta } from '../betas/betas.service.ts';
import type { TesterViews } from './tester-views.ts';
import type { TesterView } from './testers.presenter.ts';

export type TesterEventType = 'tester_created' | 'tester_updated' | 'tester_deleted';

/** After commit: the views the events were given, by tester id (none when nobody listens). */
export type RenderedViews = () => Promise<ReadonlyMap<number, TesterView>>;

const NONE: RenderedViews = () => Promise.resolve(new Map());

/** Testers read and rendered at once: a page, as the list endpoint reads. */
const RENDER_CHUNK = 100;

/** The late events of one transaction: rendered together after it commits, each tester once. */
interface LateBatch {
  events: { publicId: string; event: LateEvent }[];
  rendering?: Promise<ReadonlyMap<number, TesterView>>;
}

const lateByTransaction = new WeakMap<Executor, LateBatch>();

export class TesterEvents {
  constructor(
    private readonly db: Db,
    private readonly views: TesterViews,
  ) {}

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
    let batch = lateByTransaction.get(trx);
    for (const testerId of testerIds) {
      const event: LateEvent = { betaId, type, now, testerId };
      const publicId = await raiseLateEvent(trx, event);
      if (!publicId) continue;
      if (!batch) {
        const created: LateBatch = (batch = { events: [] });
        lateByTransaction.set(trx, created);
        afterCommit(trx, async () => void (await this.rendered(created)));
      }
      batch.events.push({ publicId, event });
    }
    const raised = batch;
    return raised ? () => this.rendered(raised) : NONE;
  }

  /** The worker's fallback for a tester event still without its body (any other passes as it is). */
  complete(event: WebhookEventRow): Promise<WebhookEventRow | undefined> {
    return completeLateEvent(this.db, event, (testerId) => this.views.current(this.db, testerId));
  }

  private rendered(batch: LateBatch): Promise<ReadonlyMap<number, TesterView>> {
    return (batch.rendering ??= this.fill(batch.events));
  }

  /** Renders the events' testers (a page read per beta and chunk) and gives each event its body. */
  private async fill(events: LateBatch['events']): Promise<ReadonlyMap<number, TesterView>> {
    const views = new Map<number, TesterView>();
    try {
      for (const betaId of new Set(events.map(({ event }) => event.betaId))) {
        const beta = await readBeta(this.db, betaId);
        if (!beta) continue;
        const ids = [...new Set(events.filter(({ event }) => event.betaId === betaId).map(({ event }) => event.testerId))];
        for (let start = 0; start < ids.length; start += RENDER_CHUNK) {
          const rows = await this.db.selectFrom('testers').selectAll().where('id', 'in', ids.slice(start, start + RENDER_CHUNK)).execute();
          const visible = rows.filter((row) => !row.hidden);
          const rendered = await this.views.of(this.db, beta, visible, { responses: 'read' });
          for (const [i, view] of rendered.entries()) views.set(visible[i].id, view);
        }
      }
      await fillLateEvents(
        this.db,
        events.map(({ publicId, event }) => ({ publicId, header: event, data: views.get(event.testerId) })),
      );
      return views;
    } catch {
      // The change has committed; the worker renders the events it finds without a body.
      return new Map();
    }
  }
}
