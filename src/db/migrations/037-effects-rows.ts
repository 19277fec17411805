// A command's events are no longer written with an empty body for the tester to be rendered after
// commit (migration 009): they leave as the command's effects row (src/jobs/effects.ts), expanded
// after commit with their bodies. An event still waiting for its body when this runs (its process
// stopped first) becomes such a row, with its id and the endpoints it was queued for, and its
// delivery jobs go with it: the worker expands the row and queues them again.
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

/** The effects row's kind and payload as of this migration (jobs/effects.ts, events.ts). */
const EFFECTS_JOB = 'effects.expand';
const WEBHOOK_DELIVERY_JOB = 'webhook.deliver';

export async function up(db: Kysely<any>, _context: MigrationContext): Promise<void> {
  const waiting = await db.selectFrom('webhook_events').select(['id', 'public_id', 'beta_id', 'type', 'render_tester_id', 'created_at']).where('render_tester_id', 'is not', null).execute();
  if (waiting.length > 0) {
    const endpointsOf = new Map<number, number[]>();
    const deliveries = await db.selectFrom('outbox_jobs').select(['id', 'payload']).where('kind', '=', WEBHOOK_DELIVERY_JOB).execute();
    const dropped: number[] = [];
    const waitingIds = new Set(waiting.map((event) => Number(event.id)));
    for (const job of deliveries) {
      const { eventId, endpointId } = JSON.parse(job.payload) as { eventId: number; endpointId: number };
      if (!waitingIds.has(eventId)) continue;
      endpointsOf.set(eventId, [...(endpointsOf.get(eventId) ?? []), endpointId]);
      dropped.push(Number(job.id));
    }
    const now = new Date().toISOString();
    for (const event of waiting) {
      const endpointIds = endpointsOf.get(Number(event.id)) ?? [];
      if (endpointIds.length === 0) continue;
      const item = { publicId: event.public_id, type: event.type, now: event.created_at, endpointIds, testerId: Number(event.render_tester_id) };
      const payload = JSON.stringify({ betaId: Number(event.beta_id), parts: { events: [item] } });
      await db.insertInto('outbox_jobs').values({ kind: EFFECTS_JOB, payload, run_at: now, attempts: 0, created_at: now }).execute();
    }
    for (let start = 0; start < dropped.length; start += 500) {
      await db.deleteFrom('outbox_jobs').where('id', 'in', dropped.slice(start, start + 500)).execute();
    }
    const ids = [...waitingIds];
    for (let start = 0; start < ids.length; start += 500) {
      await db.deleteFrom('webhook_events').where('id', 'in', ids.slice(start, start + 500)).execute();
    }
  }
  await db.schema.alterTable('webhook_events').dropColumn('render_tester_id').execute();
}
