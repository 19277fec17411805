// The presets of the services owners move from, each with its sample file (docs/samples/<preset>.csv,
// written from the service's documentation, which its header comment names): a dry run stores
// nothing and reports what the import then stores, tester by tester.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { importFile, testersOf } from './support.ts';

const NOW = '2026-11-22T09:15:00Z';

/** What a tester of the sample is stored with. */
interface Expected {
  email: string;
  first_name: string | null;
  last_name: string | null;
  referral_code: string;
  /** The referrer's e-mail. */
  referrer: string | null;
  created_at: string;
  points: number;
  telephone?: string | null;
  ip?: string | null;
  country?: string | null;
  city?: string | null;
  http_referrer?: string | null;
}

const SAMPLES: Record<string, Expected[]> = {
  kickofflabs: [
    {
      email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', referral_code: '36N38P', referrer: null,
      created_at: '2024-03-01T10:00:00.000Z', points: 40, telephone: '+442079460958', ip: '203.0.113.7', http_referrer: 'https://news.example/launch',
    },
    {
      email: 'charles@example.com', first_name: 'Charles', last_name: 'Babbage', referral_code: '47P49Q', referrer: null,
      created_at: '2024-03-02T11:30:00.000Z', points: 10, telephone: null, ip: '203.0.113.8', http_referrer: null,
    },
  ],
  waitlister: [
    {
      email: 'ada@example.com', first_name: 'Ada Lovelace', last_name: null, referral_code: 'happy-star-4f3d', referrer: null,
      created_at: '2024-03-01T10:00:00.000Z', points: 150, telephone: '+442079460958', country: 'GB', city: 'London', http_referrer: 'twitter.com',
    },
    {
      email: 'charles@example.com', first_name: 'Charles Babbage', last_name: null, referral_code: 'cool-moon-9e2a', referrer: 'ada@example.com',
      created_at: '2024-03-02T11:30:00.000Z', points: 0, country: 'GB', city: 'London', http_referrer: null,
    },
    {
      email: 'grace@example.com', first_name: 'Grace Hopper', last_name: null, referral_code: 'calm-sun-1b2c', referrer: 'ada@example.com',
      created_at: '2024-03-03T09:15:00.000Z', points: 0, country: 'US', city: 'Arlington',
    },
  ],
  getwaitlist: [
    {
      email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', referral_code: 'CQGBZ6M5Y', referrer: null,
      created_at: '2024-03-01T10:00:00.000Z', points: 0, telephone: null,
    },
    {
      email: 'charles@example.com', first_name: 'Charles', last_name: 'Babbage', referral_code: 'D7HKX2P4Q', referrer: 'ada@example.com',
      created_at: '2024-03-02T11:30:00.000Z', points: 0, telephone: '+442079460958',
    },
  ],
};

describe('import presets of the services owners move from', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set(NOW));

  test('a column the documentation does not explain is reported on the header\'s line, below the comments', async () => {
    const beta = await ctx.createBeta();
    const file = '# exported from KickoffLabs\n# by hand\nemail,social_id,parent_id\nada@example.com,Z9Y8X7,107646230\n';
    const report = await importFile(ctx, beta.id, file, 'preset=kickofflabs');
    assert.deepEqual([report.status, report.rows_accepted, report.errors], ['completed', 1, []]);
    assert.deepEqual(report.warnings, [
      { line: 3, message: 'column "parent_id" is not imported: it names no field of a tester (give a mapping to import it)' },
    ]);
    assert.deepEqual((await testersOf(ctx, beta.id)).map((tester) => [tester.email, tester.referral_code]), [['ada@example.com', 'Z9Y8X7']]);
  });

  for (const [preset, expected] of Object.entries(SAMPLES)) {
    test(`${preset}: the sample's dry run stores nothing, its import stores every tester as the service had them`, async () => {
      const file = readFileSync(new URL(`../../../docs/samples/${preset}.csv`, import.meta.url), 'utf8');
      assert.match(file, /^# .*\n# .*https:\/\//, 'the sample names its source in a header comment');
      const linked = expected.filter((tester) => tester.referrer !== null).length;
      const beta = await ctx.createBeta();

      const dryRun = await importFile(ctx, beta.id, file, `preset=${preset}&dry_run=true`);
      assert.deepEqual(
        [dryRun.status, dryRun.rows_total, dryRun.rows_accepted, dryRun.rows_rejected, dryRun.rows_duplicate, dryRun.referrals_linked, dryRun.errors, dryRun.warnings],
        ['completed', expected.length, expected.length, 0, 0, linked, [], []],
      );
      assert.deepEqual(await testersOf(ctx, beta.id), []);

      const report = await importFile(ctx, beta.id, file, `preset=${preset}`);
      assert.deepEqual(
        [report.status, report.rows_total, report.rows_accepted, report.rows_rejected, report.rows_duplicate, report.referrals_linked, report.errors, report.warnings],
        ['completed', expected.length, expected.length, 0, 0, linked, [], []],
      );
      const testers = await testersOf(ctx, beta.id);
      const emailOf = new Map(testers.map((tester) => [tester.id, tester.email]));
      const fields = Object.keys(expected[0]).filter((field) => field !== 'referrer');
      assert.deepEqual(
        testers.map((tester) => ({
          ...Object.fromEntries(fields.map((field) => [field, tester[field as keyof typeof tester]])),
          referrer: tester.referrer_id === null ? null : emailOf.get(tester.referrer_id),
        })),
        expected.map((tester) => ({ ...Object.fromEntries(fields.map((field) => [field, tester[field as keyof Expected] ?? null])), referrer: tester.referrer })),
      );
      assert.ok(testers.every((tester) => tester.status === 'imported'));
      // Points arrive as one bonus each, in the ledger the tester's total is kept from.
      const ledger = await ctx.database.db.selectFrom('points').select(['tester_id', 'quantity', 'activity']).where('beta_id', '=', beta.id).orderBy('id').execute();
      assert.deepEqual(
        ledger.map((entry) => [emailOf.get(entry.tester_id), entry.quantity, entry.activity]),
        expected.filter((tester) => tester.points > 0).map((tester) => [tester.email, tester.points, 'bonus']),
      );
    });
  }
});
