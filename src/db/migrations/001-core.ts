// Companies, API keys, betas, testers and what a tester's signup carries (questions, answers,
// invitation codes, checkins), plus the outbox that side effects leave through.
import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.ts';

export async function up(db: Kysely<any>, { id, ref }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('id', id.type, id.build)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('max_testers', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', id.type, id.build)
    .addColumn('company_id', ref, (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('permissions', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_key_hash_unique').unique().on('api_keys').column('key_hash').execute();
  await db.schema.createIndex('api_keys_company_id').on('api_keys').column('company_id').execute();

  let betas = db.schema
    .createTable('betas')
    .addColumn('id', id.type, id.build)
    .addColumn('company_id', ref, (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('homepage_url', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull());
  for (const counter of [
    'testers_count',
    'impressions_count',
    'share_clicks_count',
    'share_signups_count',
    'imported_testers_count',
    'unconfirmed_testers_count',
    'applied_testers_count',
    'invited_testers_count',
    'active_testers_count',
    'rejected_testers_count',
    'suspended_testers_count',
    'idle_testers_count',
  ]) {
    betas = betas.addColumn(counter, 'integer', (c) => c.notNull().defaultTo(0));
  }
  await betas
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('betas_company_id').on('betas').columns(['company_id', 'id']).execute();

  let testers = db.schema
    .createTable('testers')
    .addColumn('id', id.type, id.build)
    .addColumn('uuid', 'text', (c) => c.notNull())
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_normalized', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('status_before_suspension', 'text')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invitation_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('referral_code', 'text', (c) => c.notNull())
    .addColumn('referrer_id', ref, (c) => c.references('testers.id').onDelete('set null'))
    .addColumn('referral_credited_at', 'text');
  for (const counter of ['share_clicks_count', 'share_signups_count', 'friend_invitations_count', 'points']) {
    testers = testers.addColumn(counter, 'integer', (c) => c.notNull().defaultTo(0));
  }
  testers = testers
    .addColumn('friend_invitations_allowed', 'integer', (c) => c.notNull())
    .addColumn('groups', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name_search', 'text', (c) => c.notNull().defaultTo(''));
  for (const field of [
    'first_name', 'last_name', 'employer', 'jobtitle', 'address_line1', 'address_line2', 'city', 'state',
    'postal_code', 'country', 'locale', 'telephone', 'gender', 'age', 'facebook_username', 'twitter_username',
    'linkedin_username', 'browser_name', 'browser_version', 'os_name', 'os_version', 'ip', 'user_agent',
    'custom_var1', 'custom_var2', 'custom_var3', 'http_referrer', 'utm_source', 'utm_medium', 'utm_campaign',
    'utm_term', 'utm_content', 'imported_at', 'applied_at', 'invited_at', 'joined_at', 'unsubscribed_at',
    'last_checkin_at',
  ]) {
    testers = testers.addColumn(field, 'text');
  }
  await testers
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('testers_beta_id_email_normalized_unique').unique().on('testers')
    .columns(['beta_id', 'email_normalized']).execute();
  await db.schema.createIndex('testers_uuid_unique').unique().on('testers').column('uuid').execute();
  await db.schema.createIndex('testers_referral_code_unique').unique().on('testers').column('referral_code').execute();
  await db.schema.createIndex('testers_beta_id_hidden_id').on('testers').columns(['beta_id', 'hidden', 'id']).execute();
  await db.schema.createIndex('testers_referrer_id').on('testers').column('referrer_id').execute();
  await db.schema.createIndex('testers_beta_id_ip_created_at').on('testers')
    .columns(['beta_id', 'ip', 'created_at']).execute();
  for (const customVar of ['custom_var1', 'custom_var2', 'custom_var3']) {
    await db.schema.createIndex(`testers_beta_id_${customVar}`).on('testers').columns(['beta_id', customVar]).execute();
  }
  // One index per waitlist order (modules/waitlist): the count of testers ahead is a range scan.
  await db.schema.createIndex('testers_waitlist_referrals').on('testers')
    .columns(['beta_id', 'status', 'hidden', 'share_signups_count', 'applied_at', 'id']).execute();
  await db.schema.createIndex('testers_waitlist_points').on('testers')
    .columns(['beta_id', 'status', 'hidden', 'points', 'applied_at', 'id']).execute();
  await db.schema.createIndex('testers_waitlist_signup_time').on('testers')
    .columns(['beta_id', 'status', 'hidden', 'applied_at', 'id']).execute();
  await db.schema.createIndex('testers_idle_sweep').on('testers')
    .columns(['status', 'beta_id', 'last_checkin_at']).execute();

  await db.schema
    .createTable('questions')
    .addColumn('id', id.type, id.build)
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('choices', 'text', (c) => c.notNull())
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('questions_beta_id').on('questions').columns(['beta_id', 'id']).execute();

  await db.schema
    .createTable('tester_responses')
    .addColumn('id', id.type, id.build)
    .addColumn('tester_id', ref, (c) => c.notNull().references('testers.id').onDelete('cascade'))
    .addColumn('question_id', ref, (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tester_responses_tester_id_question_id_unique').unique().on('tester_responses')
    .columns(['tester_id', 'question_id']).execute();
  await db.schema.createIndex('tester_responses_question_id').on('tester_responses').column('question_id').execute();

  await db.schema
    .createTable('invitation_codes')
    .addColumn('id', id.type, id.build)
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('code_normalized', 'text', (c) => c.notNull())
    .addColumn('max_uses', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invitation_codes_beta_id_code_normalized_unique').unique().on('invitation_codes')
    .columns(['beta_id', 'code_normalized']).execute();

  await db.schema
    .createTable('checkins')
    .addColumn('id', id.type, id.build)
    .addColumn('beta_id', ref, (c) => c.notNull().references('betas.id').onDelete('cascade'))
    .addColumn('tester_id', ref, (c) => c.notNull().references('testers.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('checkins_tester_id_date_unique').unique().on('checkins')
    .columns(['tester_id', 'date']).execute();

  await db.schema
    .createTable('outbox_jobs')
    .addColumn('id', id.type, id.build)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_jobs_run_at').on('outbox_jobs').columns(['run_at', 'id']).execute();
}
