// Indexes for the retention sweep of the webhook and e-mail logs (docs/decisions.md, "Log
// retention") and for `prelaunch stats`, which read these tables by time and by status and scanned
// them whole before.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The sweep walks events oldest first, resuming after the last (created_at, id) it saw.
  await db.schema.createIndex('webhook_events_created_at_id').on('webhook_events').columns(['created_at', 'id']).execute();
  // Attempts of the last hour by outcome (stats) from the index alone.
  await db.schema.createIndex('webhook_deliveries_created_at_status').on('webhook_deliveries').columns(['created_at', 'status']).execute();
  // Settled messages past the retention (the sweep), and messages by status (stats) from the index alone.
  await db.schema.createIndex('email_messages_status_created_at').on('email_messages').columns(['status', 'created_at']).execute();
}
