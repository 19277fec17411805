// Idempotency-Key (docs/decisions.md, "Idempotent requests"): one row per key a company used in the
// last 24 hours, holding the request's fingerprint and, once answered, the answer to replay. The
// unique key on (company, key) is what lets one request of several sent at once claim it, in any
// number of processes. And the original service's webhook signature, chosen per endpoint.
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, { id, ref }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('id', id.type, id.build)
    .addColumn('company_id', ref, (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    // SHA-256 of the method, path, query and body: the same key with another request is refused.
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    // While the first request runs: until when its claim holds (a process that died leaves it).
    .addColumn('locked_until', 'text')
    // The answer, once there is one (NULL while the first request runs).
    .addColumn('response_status', 'integer')
    .addColumn('response_headers', 'text')
    .addColumn('response_body', 'text')
    // When the key was first used: it is kept 24 hours from then.
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('idempotency_keys_company_id_key', ['company_id', 'idempotency_key'])
    .execute();
  // The retention sweep's range, oldest first.
  await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();

  // X-Prefinery-Signature beside the Standard Webhooks headers (0/1).
  await db.schema.alterTable('webhook_endpoints').addColumn('prefinery_signature', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}
