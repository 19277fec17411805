// Migrations: one ordered set of TypeScript modules for both dialects, applied by Kysely's Migrator
// in one transaction per run. Several processes starting together apply each migration once: on
// PostgreSQL Kysely holds a session advisory lock (pg_advisory_lock) around that transaction; on
// SQLite the transaction begins IMMEDIATE (database.ts), which takes the file's write lock.
import { Migrator, sql, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import { SQLITE_BUSY_TIMEOUT_MS, type DatabaseHandle } from './database.ts';
import type { DialectName } from './executor.ts';
import type { MigrationContext } from './migrations/context.ts';
import * as core from './migrations/001-core.ts';
import * as referralEngine from './migrations/003-referral-engine.ts';
import * as webhooks from './migrations/004-webhooks.ts';
import * as emails from './migrations/005-emails.ts';
import * as waitlistBlocks from './migrations/006-waitlist-blocks.ts';
import * as publicSide from './migrations/007-public-side.ts';
import * as fraudSignals from './migrations/008-fraud-signals.ts';
import * as lateEventBodies from './migrations/009-late-event-bodies.ts';
import * as searchIndexes from './migrations/010-search-indexes.ts';
import * as logRetentionIndexes from './migrations/011-log-retention-indexes.ts';
import * as staleNameSearch from './migrations/012-stale-name-search.ts';
import * as sweeps from './migrations/013-sweeps.ts';
import * as standingFeed from './migrations/014-standing-feed.ts';
import * as betaCounters from './migrations/015-beta-counters.ts';
import * as jobHolders from './migrations/016-job-holders.ts';
import * as idempotencyKeys from './migrations/017-idempotency-keys.ts';
import * as erasures from './migrations/018-erasures.ts';
import * as imports from './migrations/019-imports.ts';
import * as members from './migrations/020-members.ts';
import * as bulkActions from './migrations/021-bulk-actions.ts';
import * as fraudDecisions from './migrations/022-fraud-decisions.ts';
import * as dashboardIndexes from './migrations/023-dashboard-indexes.ts';
import * as testerTableIndexes from './migrations/024-tester-table-indexes.ts';
import * as emailTestSends from './migrations/025-email-test-sends.ts';
import * as suppressionPages from './migrations/026-suppression-pages.ts';
import * as searchFoldedAfterCommit from './migrations/027-search-folded-after-commit.ts';
import * as betaPages from './migrations/028-beta-pages.ts';
import * as leaderboardName from './migrations/029-leaderboard-name.ts';
import * as shareChannels from './migrations/030-share-channels.ts';
import * as invitationSchedules from './migrations/032-invitation-schedules.ts';
import * as testerMoves from './migrations/034-tester-moves.ts';
import * as signupGuard from './migrations/035-signup-guard.ts';
import * as chatWebhooks from './migrations/036-chat-webhooks.ts';
import * as effectsRows from './migrations/037-effects-rows.ts';
import * as sortsFromMemory from './migrations/038-sorts-from-memory.ts';
import * as positionChanges from './migrations/039-position-changes.ts';
import * as senderReputation from './migrations/040-sender-reputation.ts';
import * as sandboxes from './migrations/041-sandboxes.ts';
import * as dashboardRollups from './migrations/042-dashboard-rollups.ts';
import * as fraudSimulations from './migrations/043-fraud-simulations.ts';
import * as bulkGroupActions from './migrations/044-bulk-group-actions.ts';
import * as referralReversals from './migrations/045-referral-reversals.ts';
import * as launchFigures from './migrations/046-launch-figures.ts';
import * as subnetBurst from './migrations/047-subnet-burst.ts';
import * as fraudClusters from './migrations/048-fraud-clusters.ts';
import * as funnelRollups from './migrations/050-funnel-rollups.ts';
import * as manualPriority from './migrations/051-manual-priority.ts';

type MigrationModule = { up(db: Kysely<any>, context: MigrationContext): Promise<void> };

const migrations: Record<string, MigrationModule> = {
  '001-core': core,
  '003-referral-engine': referralEngine,
  '004-webhooks': webhooks,
  '005-emails': emails,
  '006-waitlist-blocks': waitlistBlocks,
  '007-public-side': publicSide,
  '008-fraud-signals': fraudSignals,
  '009-late-event-bodies': lateEventBodies,
  '010-search-indexes': searchIndexes,
  '011-log-retention-indexes': logRetentionIndexes,
  '012-stale-name-search': staleNameSearch,
  '013-sweeps': sweeps,
  '014-standing-feed': standingFeed,
  '015-beta-counters': betaCounters,
  '016-job-holders': jobHolders,
  '017-idempotency-keys': idempotencyKeys,
  '018-erasures': erasures,
  '019-imports': imports,
  '020-members': members,
  '021-bulk-actions': bulkActions,
  '022-fraud-decisions': fraudDecisions,
  '023-dashboard-indexes': dashboardIndexes,
  '024-tester-table-indexes': testerTableIndexes,
  '025-email-test-sends': emailTestSends,
  '026-suppression-pages': suppressionPages,
  '027-search-folded-after-commit': searchFoldedAfterCommit,
  '028-beta-pages': betaPages,
  '029-leaderboard-name': leaderboardName,
  '030-share-channels': shareChannels,
  '032-invitation-schedules': invitationSchedules,
  '034-tester-moves': testerMoves,
  '035-signup-guard': signupGuard,
  '036-chat-webhooks': chatWebhooks,
  '037-effects-rows': effectsRows,
  '038-sorts-from-memory': sortsFromMemory,
  '039-position-changes': positionChanges,
  '040-sender-reputation': senderReputation,
  '041-sandboxes': sandboxes,
  '042-dashboard-rollups': dashboardRollups,
  '043-fraud-simulations': fraudSimulations,
  '044-bulk-group-actions': bulkGroupActions,
  '045-referral-reversals': referralReversals,
  '046-launch-figures': launchFigures,
  '047-subnet-burst': subnetBurst,
  '048-fraud-clusters': fraudClusters,
  '050-funnel-rollups': funnelRollups,
  '051-manual-priority': manualPriority,
};

/** Every migration's name, in the order they apply. */
export const migrationNames: readonly string[] = Object.keys(migrations);

function contextFor(dialect: DialectName): MigrationContext {
  return dialect === 'sqlite'
    ? { dialect, id: { type: 'integer', build: (c) => c.primaryKey().autoIncrement() }, ref: 'integer' }
    : { dialect, id: { type: 'bigint', build: (c) => c.primaryKey().generatedByDefaultAsIdentity() }, ref: 'bigint' };
}

const SQLITE_MIGRATION_WAIT_MS = 60 * 60 * 1000;

/** Applies every migration not applied yet; returns the names of those it applied. */
export function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  return migrate(handle, (migrator) => migrator.migrateToLatest());
}

/**
 * Applies the migrations not applied yet up to `name` (inclusive): a database as an older version
 * left it, so a test can check what a later migration does to existing rows.
 */
export function migrateUpTo(handle: DatabaseHandle, name: string): Promise<string[]> {
  return migrate(handle, (migrator) => migrator.migrateTo(name));
}

async function migrate(handle: DatabaseHandle, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<string[]> {
  const context = contextFor(handle.dialect);
  const migrator = new Migrator({
    db: handle.db,
    provider: {
      async getMigrations() {
        const bound: Record<string, Migration> = {};
        for (const [name, module] of Object.entries(migrations)) {
          bound[name] = { up: (db) => module.up(db, context) };
        }
        return bound;
      },
    },
  });
  // A SQLite process waits for another's migrations as long as they take (a migration that rebuilds
  // a table of millions of rows takes minutes), not the few seconds a request waits for a writer.
  const sqlite = handle.dialect === 'sqlite';
  if (sqlite) await sql.raw(`pragma busy_timeout = ${SQLITE_MIGRATION_WAIT_MS}`).execute(handle.db);
  const { error, results } = await run(migrator).finally(async () => {
    if (sqlite) await sql.raw(`pragma busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`).execute(handle.db);
  });
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** True when the database answers a trivial query (used by /readyz). */
export async function isReachable(handle: DatabaseHandle): Promise<boolean> {
  try {
    await sql`select 1`.execute(handle.db);
    return true;
  } catch {
    return false;
  }
}
