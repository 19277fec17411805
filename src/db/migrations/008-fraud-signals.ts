// Fraud signals: each tester's mailbox key (aliases of one mailbox share it), what the signup
// sent, its flags, and the hold on a flagged referral until the owner accepts it.
import { sql, type Kysely } from 'kysely';

const BACKFILL_BATCH = 1000;

// The alias rules as they were when this migration was written, copied from
// modules/fraud/email-alias.ts rather than imported: a migration must do tomorrow what it did the
// day it shipped, and a provider added to the live list later would otherwise change what this
// one writes on a fresh database. Each entry: a mailbox namespace's domains (the first is
// canonical) and what the provider ignores in the local part besides a +tag.
const ALIAS_NAMESPACES: readonly (readonly [domains: readonly string[], ignored: RegExp | null])[] = [
  [['gmail.com', 'googlemail.com'], /\./g],
  [['proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me'], /[._-]/g],
  [['icloud.com', 'me.com', 'mac.com'], null],
  [['outlook.com'], null],
  [['hotmail.com'], null],
  [['live.com'], null],
  [['msn.com'], null],
  [['fastmail.com'], null],
];
const namespaceByDomain = new Map(ALIAS_NAMESPACES.flatMap((namespace) => namespace[0].map((domain) => [domain, namespace] as const)));

/** The mailbox a lower-cased address reaches under the rules above; any other address is its own key. */
function emailAliasKey(normalizedEmail: string): string {
  const at = normalizedEmail.lastIndexOf('@');
  const namespace = namespaceByDomain.get(normalizedEmail.slice(at + 1));
  if (!namespace) return normalizedEmail;
  const [domains, ignored] = namespace;
  let local = normalizedEmail.slice(0, at);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (ignored) local = local.replace(ignored, '') || local;
  return `${local}@${domains[0]}`;
}

export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite adds only one at a time.
  for (const column of ['email_alias_key', 'signup_ip', 'signup_user_agent', 'fraud_flags', 'referral_accepted_at']) {
    await db.schema.alterTable('testers').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('testers').addColumn('referral_held', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  // Testers from before: signed up with the profile they have, their address its own key unless
  // its provider folds aliases (computed in batches, so a big beta is never held in memory). A
  // change to the provider list later needs a migration of its own to recompute the keys.
  await db.updateTable('testers').set({ signup_ip: sql.ref('ip'), signup_user_agent: sql.ref('user_agent'), email_alias_key: sql.ref('email_normalized') }).execute();
  for (let after = 0; ; ) {
    const rows: { id: number; email_normalized: string }[] = await db
      .selectFrom('testers')
      .select(['id', 'email_normalized'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BACKFILL_BATCH)
      .execute();
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    const folded = rows.map((row) => ({ id: row.id, key: emailAliasKey(row.email_normalized) })).filter((row, i) => row.key !== rows[i].email_normalized);
    if (folded.length === 0) continue;
    await db
      .updateTable('testers')
      .set({ email_alias_key: sql`case id ${sql.join(folded.map((row) => sql`when ${row.id} then ${row.key}`), sql` `)} end` })
      .where('id', 'in', folded.map((row) => row.id))
      .execute();
  }
  await db.schema.createIndex('testers_beta_id_email_alias_key').on('testers').columns(['beta_id', 'email_alias_key']).execute();
}
