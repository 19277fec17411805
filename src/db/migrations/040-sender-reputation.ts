// The sender's reputation (modules/emails/send-caps.ts, sending-breaker.ts): the sends of each
// minute counted per scope (the server, a beta) so that every process shares one cap; the pauses
// of a beta's sending, with when and why; and on each message when the SMTP server answered for it
// and whether it came back as a hard bounce or a complaint.
import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, { id, ref }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('email_send_windows')
    // 'server', or 'beta:{id}'.
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('sends', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('email_send_windows_pkey', ['scope', 'window_start'])
    .execute();

  await db.schema
    .createTable('email_sending_pauses')
    .addColumn('id', id.type, id.build)
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    .addColumn('paused_at', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    // The hard bounces and complaints among the sends the breaker looked at, and how many it looked at.
    .addColumn('problems', 'integer', (c) => c.notNull())
    .addColumn('sends', 'integer', (c) => c.notNull())
    .addColumn('resumed_at', 'text')
    // The member (or API key) whose action resumed sending, as the console names it.
    .addColumn('resumed_by', 'text')
    .execute();
  // One pause in force per beta: a second trip of the breaker finds it and tells nobody again.
  await db.schema
    .createIndex('email_sending_pauses_in_force')
    .unique()
    .on('email_sending_pauses')
    .column('beta_id')
    .where(sql.ref('resumed_at'), 'is', null)
    .execute();
  await db.schema.createIndex('email_sending_pauses_beta_id').on('email_sending_pauses').columns(['beta_id', 'id']).execute();

  // When the SMTP server answered for the message (accepted it, or refused its recipient): a send.
  await db.schema.alterTable('email_messages').addColumn('attempted_at', 'text').execute();
  // hard_bounce or complaint: what the breaker counts against the beta.
  await db.schema.alterTable('email_messages').addColumn('problem', 'text').execute();
  // The breaker's recent sends and the dashboard's send rate, per beta.
  await db.schema.createIndex('email_messages_beta_id_attempted_at').on('email_messages').columns(['beta_id', 'attempted_at']).execute();
  // The queue depth per beta: only the queued messages are in it.
  await db.schema
    .createIndex('email_messages_queued_beta_id')
    .on('email_messages')
    .column('beta_id')
    .where(sql.ref('status'), '=', 'queued')
    .execute();
}
