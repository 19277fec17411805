// The daily digest of a webhook endpoint (docs/webhooks.md, "The daily digest"): at the endpoint's
// digest_at in its digest_time_zone, the day's signups, referrals, top referrers, invitations and
// failed deliveries, raised as a `daily_digest` event for that endpoint alone and delivered by the
// outbox like every event (signed JSON for a standard endpoint, a message for Slack or Discord),
// retried on the same schedule. A worker's round (under its lease) sends the digests due; each is
// claimed by moving the endpoint's digest_next_at from the value read, so one process sends it.
import { inTransaction } from '../../db/transaction.ts';
import type { Db } from '../../db/executor.ts';
import type { WebhookEndpointRow } from '../../db/tables/effects.ts';
import { enqueueJob } from '../../jobs/outbox.ts';
import { apiTime, storedTime, type Clock } from '../../primitives/time.ts';
import { DIGEST_EVENT_TYPE, eventBody, newEventId, WEBHOOK_DELIVERY_JOB, type DeliveryJob } from '../events/events.ts';
import { nextRun, type Recurrence } from '../invitation-schedules/next-run.ts';
import { maskedEmail } from '../testers/masked-email.ts';

/** Digests one round sends at most; the rest are sent by the next round. */
const DUE_PER_ROUND = 100;
/** Referrers a digest names. */
const TOP_REFERRERS = 5;
/** Further back than the longest local day (25 h): the first run after it is the day before's. */
const DAY_BEFORE_MS = 26 * 3_600_000;

/** What a digest tells, as its event's `data`. */
export interface Digest {
  /** The local day it covers: from the digest time the day before (API time) … */
  from: string;
  /** … to the digest time it is sent for. */
  to: string;
  time_zone: string;
  signups: number;
  /** Signups that came through a tester's share link. */
  referrals: number;
  /** By id and masked address only: an erasure removes a person's events, and a digest is not one of theirs. */
  top_referrers: { id: number; masked_email: string; referrals: number }[];
  /** Testers invited in the day. */
  invitations: number;
  /** Failed delivery attempts to the beta's endpoints in the day. */
  failed_deliveries: number;
}

/** When a digest at `at` (HH:MM) in `timeZone` is next due after `now`. */
export function nextDigestAt(at: string, timeZone: string, now: Date): string {
  return storedTime(nextRun({ every: 'day', at, time_zone: timeZone }, now));
}

/**
 * The last run of the recurrence at or before `now`: the time the digest is sent for (a digest
 * late after downtime covers the last whole day, once).
 */
function lastRunAtOrBefore(recurrence: Recurrence, now: Date): Date {
  let last = nextRun(recurrence, new Date(now.getTime() - DAY_BEFORE_MS));
  for (let next = nextRun(recurrence, last); next <= now; next = nextRun(recurrence, next)) last = next;
  return last;
}

export class WebhookDigests {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** One round: sends every digest due now (an enabled endpoint's); answers how many were sent. */
  async runDue(stop: AbortSignal = new AbortController().signal): Promise<number> {
    const now = this.clock.now();
    const due = await this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('digest_next_at', '<=', storedTime(now))
      .where('enabled', '=', 1)
      .orderBy('digest_next_at')
      .limit(DUE_PER_ROUND)
      .execute();
    let sent = 0;
    for (const endpoint of due) {
      if (stop.aborted) break;
      if (await this.#send(endpoint, now)) sent += 1;
    }
    return sent;
  }

  /** Raises the endpoint's digest and queues its delivery, unless another process has; whether this one did. */
  async #send(endpoint: WebhookEndpointRow, now: Date): Promise<boolean> {
    const recurrence: Recurrence = { every: 'day', at: endpoint.digest_at!, time_zone: endpoint.digest_time_zone! };
    const to = lastRunAtOrBefore(recurrence, now);
    const from = nextRun(recurrence, new Date(to.getTime() - DAY_BEFORE_MS));
    // Counted before the transaction: on SQLite its reads would hold the one connection.
    const digest = await this.figures(endpoint.beta_id, from, to, recurrence.time_zone);
    return inTransaction(this.db, async (trx) => {
      // The claim locks the endpoint's row: its beta's deletion (which cascades to it) waits, or came first and nothing is claimed.
      const claimed = await trx
        .updateTable('webhook_endpoints')
        .set({ digest_next_at: nextDigestAt(recurrence.at, recurrence.time_zone, now) })
        .where('id', '=', endpoint.id)
        .where('digest_next_at', '=', endpoint.digest_next_at)
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) return false;
      const publicId = newEventId(now.getTime());
      const header = { betaId: endpoint.beta_id, type: DIGEST_EVENT_TYPE, now: storedTime(now) } as const;
      const event = await trx
        .insertInto('webhook_events')
        .values({ public_id: publicId, beta_id: endpoint.beta_id, type: DIGEST_EVENT_TYPE, payload: eventBody(publicId, header, digest), created_at: header.now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await enqueueJob(trx, WEBHOOK_DELIVERY_JOB, { eventId: event.id, endpointId: endpoint.id } satisfies DeliveryJob, now);
      return true;
    });
  }

  /** The beta's figures for [from, to): each a range of an index (migrations 023 and 036). */
  async figures(betaId: number, from: Date, to: Date, timeZone: string): Promise<Digest> {
    const [start, end] = [storedTime(from), storedTime(to)];
    const signupsOfDay = this.db.selectFrom('testers').where('beta_id', '=', betaId).where('hidden', '=', 0).where('created_at', '>=', start).where('created_at', '<', end);
    const [signups, referrers, invited, failed] = await Promise.all([
      signupsOfDay.select((eb) => [eb.fn.countAll<number>().as('signups'), eb.fn.count<number>('referrer_id').as('referrals')]).executeTakeFirstOrThrow(),
      signupsOfDay
        .select((eb) => ['referrer_id', eb.fn.countAll<number>().as('referrals')])
        .where('referrer_id', 'is not', null)
        .groupBy('referrer_id')
        .orderBy('referrals', 'desc')
        .orderBy('referrer_id')
        .limit(TOP_REFERRERS)
        .execute(),
      this.db
        .selectFrom('testers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('beta_id', '=', betaId)
        .where('hidden', '=', 0)
        .where('invited_at', '>=', start)
        .where('invited_at', '<', end)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('e.beta_id', '=', betaId)
        .where('d.status', '=', 'failed')
        .where('d.created_at', '>=', start)
        .where('d.created_at', '<', end)
        .executeTakeFirstOrThrow(),
    ]);
    const ids = referrers.map((row) => row.referrer_id!);
    const people =
      ids.length === 0 ? [] : await this.db.selectFrom('testers').select(['id', 'email']).where('beta_id', '=', betaId).where('id', 'in', ids).execute();
    const byId = new Map(people.map((person) => [person.id, person]));
    return {
      from: apiTime(start),
      to: apiTime(end),
      time_zone: timeZone,
      signups: Number(signups.signups),
      referrals: Number(signups.referrals),
      top_referrers: referrers.flatMap((row) => {
        const person = byId.get(row.referrer_id!);
        if (!person) return [];
        return [{ id: person.id, masked_email: maskedEmail(person.email), referrals: Number(row.referrals) }];
      }),
      invitations: Number(invited.n),
      failed_deliveries: Number(failed.n),
    };
  }
}
