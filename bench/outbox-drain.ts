// Waiting for the workers between loads: a route's events leave through the outbox, and the next
// measure should not pay for delivering them.
import { WEBHOOK_DELIVERY_JOB } from '../src/modules/events/events.ts';
import type { openBenchDatabase } from './seeding.ts';

/** How long a run waits after a load for the workers to deliver what the outbox still holds. */
const DRAIN_LIMIT_S = 120;

export type BenchDb = Awaited<ReturnType<typeof openBenchDatabase>>['db'];

function pendingDeliveries(db: BenchDb): Promise<number> {
  return db
    .selectFrom('outbox_jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', WEBHOOK_DELIVERY_JOB)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
}

/** Waits until the outbox owes no delivery, or DRAIN_LIMIT_S: the seconds it took, or what is still owed. */
export async function drained(db: BenchDb): Promise<{ seconds: number; owed: number }> {
  const started = Date.now();
  let owed = await pendingDeliveries(db);
  while (owed > 0 && Date.now() - started < DRAIN_LIMIT_S * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    owed = await pendingDeliveries(db);
  }
  return { seconds: (Date.now() - started) / 1000, owed };
}
