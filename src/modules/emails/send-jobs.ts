// The email.send jobs as a group (docs/decisions.md, "E-mail"): past a cap, or while a beta's
// sending is paused, a send that finds it so moves every other due send it concerns at once, so
// that the runner does not claim each of them only to put it back (the backlog would spin through
// the runner every minute). A job names its message in its payload; the beta is the message's.
import { sql, type UpdateQueryBuilder } from 'kysely';
import { jsonInteger } from '../../db/database.ts';
import type { DialectName, Executor } from '../../db/executor.ts';
import type { Database } from '../../db/types.ts';
import { storedTime } from '../../primitives/time.ts';

export const EMAIL_SEND_JOB = 'email.send';

/**
 * Moves the due sends that no runner has in hand to `runAt` (a stored time): the beta's when
 * `betaId` is given, else every beta's. Their attempts are not counted: none was made.
 */
export async function moveDueSends(executor: Executor, dialect: DialectName, betaId: number | null, runAt: string, now: Date): Promise<number> {
  const nowText = storedTime(now);
  const { numUpdatedRows } = await executor
    .updateTable('outbox_jobs')
    .set({ run_at: runAt })
    .where('kind', '=', EMAIL_SEND_JOB)
    .where('run_at', '<=', nowText)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', nowText)]))
    .$if(betaId !== null, (query) => ofBeta(query, dialect, betaId!))
    .executeTakeFirst();
  return Number(numUpdatedRows);
}

/** Makes every later send of the beta due at `now` (its pause ended): the held ones, and any waiting for a cap or a retry; how many. */
export async function releaseSends(executor: Executor, dialect: DialectName, betaId: number, now: Date): Promise<number> {
  const nowText = storedTime(now);
  const query = executor.updateTable('outbox_jobs').set({ run_at: nowText }).where('kind', '=', EMAIL_SEND_JOB).where('run_at', '>', nowText);
  const { numUpdatedRows } = await ofBeta(query, dialect, betaId).executeTakeFirst();
  return Number(numUpdatedRows);
}

/** The jobs whose message is the beta's: one lookup by primary key per job. */
function ofBeta<O>(query: UpdateQueryBuilder<Database, 'outbox_jobs', 'outbox_jobs', O>, dialect: DialectName, betaId: number) {
  return query.where(({ exists, selectFrom }) =>
    exists(
      selectFrom('email_messages')
        .select(sql.lit(1).as('one'))
        .where('email_messages.id', '=', jsonInteger(dialect, 'outbox_jobs.payload', 'messageId'))
        .where('email_messages.beta_id', '=', betaId),
    ),
  );
}
