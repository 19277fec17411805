// E-mail (docs/decisions.md, "E-mail"): per-beta template overrides, every message rendered (the
// record of what was sent, captured or held back), and the tokens of double opt-in confirmations.
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, { id, ref }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('email_templates')
    .addColumn('id', id.type, id.build)
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    .addColumn('occasion', 'text', (c) => c.notNull())
    // NULL = the built-in default for that part, so improvements to the defaults reach every beta
    // that did not rewrite the part. html_body '' = no HTML part (text only).
    .addColumn('subject', 'text')
    .addColumn('body', 'text')
    .addColumn('html_body', 'text')
    // NULL = the occasion's default (on for invitations and confirmations, off for status messages).
    .addColumn('enabled', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_templates_beta_id_occasion_unique').unique().on('email_templates')
    .columns(['beta_id', 'occasion']).execute();

  await db.schema
    .createTable('email_messages')
    .addColumn('id', id.type, id.build)
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    // Kept when the tester is deleted: the record of what was sent outlives the tester.
    .addColumn('tester_id', ref, (c) => c.references('testers.id').onDelete('set null'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('email_normalized', 'text', (c) => c.notNull())
    .addColumn('occasion', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('unsubscribe_token', 'text', (c) => c.notNull())
    .addColumn('provider_message_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('email_messages_unsubscribe_token_unique').unique().on('email_messages')
    .column('unsubscribe_token').execute();
  await db.schema.createIndex('email_messages_beta_id_id').on('email_messages').columns(['beta_id', 'id']).execute();
  await db.schema.createIndex('email_messages_beta_id_email_normalized_id').on('email_messages')
    .columns(['beta_id', 'email_normalized', 'id']).execute();
  await db.schema.createIndex('email_messages_tester_id').on('email_messages').column('tester_id').execute();

  await db.schema
    .createTable('email_confirmations')
    .addColumn('id', id.type, id.build)
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('tester_id', ref, (c) => c.notNull().references('testers.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('email_confirmations_token_unique').unique().on('email_confirmations').column('token').execute();
  await db.schema.createIndex('email_confirmations_tester_id').on('email_confirmations').column('tester_id').execute();
}
