// The console's accounts: members of a company who sign in with an e-mail and a password, their
// server-side sessions, the one-time links that set a password (first owner, invitation, forgotten
// password) and the e-mails that carry those links.
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, { id, ref }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('members')
    .addColumn('id', id.type, id.build)
    .addColumn('company_id', ref, (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    // Lower case: one address signs in to one account, whatever its case.
    .addColumn('email_normalized', 'text', (c) => c.notNull().unique())
    // "scrypt$N$r$p$salt$hash" (base64url): the parameters travel with the hash, so they can be raised
    // for new hashes while old ones still verify. NULL until the member sets a password.
    .addColumn('password_hash', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('members_company_id').on('members').column('company_id').execute();

  await db.schema
    .createTable('member_sessions')
    .addColumn('id', id.type, id.build)
    .addColumn('member_id', ref, (c) => c.notNull().references('members.id').onDelete('cascade'))
    // SHA-256 of the cookie's random value: a copy of the table opens no session.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    // The absolute end, whatever the activity.
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('member_sessions_member_id').on('member_sessions').column('member_id').execute();

  await db.schema
    .createTable('member_links')
    .addColumn('id', id.type, id.build)
    // setup (the first owner), invitation, reset
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // NULL for a setup link: the member does not exist yet.
    .addColumn('member_id', ref, (c) => c.references('members.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('member_emails')
    .addColumn('id', id.type, id.build)
    .addColumn('member_id', ref, (c) => c.references('members.id').onDelete('set null'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    // invitation, reset
    .addColumn('occasion', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    // queued, sent, captured, failed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
}
