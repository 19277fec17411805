// What the testers' use cases share: the command transaction, the reads and locks of a tester row,
// its writes (with the unique e-mail turned into the interface's error), and its views.
import { compiled, compiledVariants, definedColumns } from '../../db/engine/compiled.ts';
import { forDelete, forKeyShare, forUpdate } from '../../db/database.ts';
import type { DialectName, Db, Executor } from '../../db/executor.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { NewTester, TesterRow, TesterUpdate } from '../../db/tables/testers.ts';
import { Errors } from '../../primitives/errors.ts';
import { parseId } from '../../primitives/ids.ts';
import { storedTime, type Clock } from '../../primitives/time.ts';
import { companyTesterCount } from '../betas/beta-counters.ts';
import { betaNotFound, type Beta, type BetasService } from '../betas/betas.service.ts';
import type { EmailQueue } from '../emails/email-queue.ts';
import { referrerGone } from '../referrals/referrals.service.ts';
import type { LaunchFigures } from '../stats/launch-figures.ts';
import type { GeoLocator } from './geoip.ts';
import type { RenderedViews, TesterEvents } from './tester-events.ts';
import type { TesterViews, ViewOptions } from './tester-views.ts';
import type { TesterView } from './testers.presenter.ts';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type TesterLock = 'none' | 'update' | 'delete';

/** The beta's tester by id or uuid, locked as asked: show's read, and the first of every command on a tester. */
const visibleTester = compiledVariants((variant: `${'id' | 'uuid'} ${TesterLock}`) => {
  const [column, lock] = variant.split(' ') as ['id' | 'uuid', TesterLock];
  return (db, p: { betaId: number; ref: number | string }, dialect) => {
    const query = db.selectFrom('testers').selectAll().where('beta_id', '=', p.betaId).where(column, '=', p.ref);
    return lock === 'delete' ? forDelete(dialect, query) : lock === 'update' ? forUpdate(dialect, query) : query;
  };
});

/** A signup's insert: its column set depends on the profile given. */
const testerInsert = compiledVariants((_columns: string) => (db, values: NewTester) => db.insertInto('testers').values(values).returningAll());

/**
 * A new tester's first statement: the beta held as BetasService.hold holds it, with what the
 * signup's transaction asks next beside it, the company's plan limit and the beta's erasure salt
 * (null until the beta first erases someone). One round trip instead of three, read in the
 * transaction as the separate reads were.
 */
const newTesterHold = compiled((db, p: { betaId: number; companyId: number }, dialect) =>
  forKeyShare(
    dialect,
    db
      .selectFrom('betas')
      .select((eb) => [
        'betas.id',
        eb.selectFrom('companies').select('max_testers').where('companies.id', '=', p.companyId).as('max_testers'),
        eb.selectFrom('erasure_salts').select('salt').where('erasure_salts.beta_id', '=', p.betaId).as('erasure_salt'),
      ])
      .where('betas.id', '=', p.betaId),
  ),
);

/** The company's plan limit locked: a limited company's signups wait for each other on it. */
const lockedCompanyLimit = compiled((db, p: { companyId: number }, dialect) =>
  forUpdate(dialect, db.selectFrom('companies').select('max_testers').where('id', '=', p.companyId)),
);

/**
 * The beta's tester by id or uuid, only the columns a read shows (progress.json, moves.json): the
 * whole row's 70 columns cost such a read about 40 µs of SQLite, a few columns a fraction of it.
 */
const visibleColumns = compiledVariants((variant: string) => {
  const [column, list] = variant.split(' ') as ['id' | 'uuid', string];
  const columns = list.split(',') as (keyof TesterRow)[];
  return (db, p: { betaId: number; ref: number | string }) => db.selectFrom('testers').select(columns).where('beta_id', '=', p.betaId).where(column, '=', p.ref);
});

const testerById = compiled((db, p: { id: number }) => db.selectFrom('testers').selectAll().where('id', '=', p.id));

/**
 * The tester `ref` names (an id, or a uuid in any case) as `read` finds it: 404 when it names
 * none, 2317 when it is hidden (unless hidden ones are included).
 */
async function visibleOrRefused<T extends { hidden: number }>(
  ref: string,
  options: { hidden?: 'refuse' | 'include' },
  read: (column: 'id' | 'uuid', value: number | string) => Promise<T | undefined>,
): Promise<T> {
  const id = parseId(ref);
  if (id === null && !UUID_PATTERN.test(ref)) throw Errors.notFound('Tester not found');
  const tester = await (id !== null ? read('id', id) : read('uuid', ref.toLowerCase()));
  if (!tester) throw Errors.notFound('Tester not found');
  if (tester.hidden && options.hidden !== 'include') throw Errors.testerHidden();
  return tester;
}

/** What a testers use case works with: the shared data access, and where its side effects go. */
export interface TestersContext {
  readonly repo: TestersRepository;
  readonly geo: GeoLocator;
  readonly events: TesterEvents;
  readonly emails: EmailQueue;
  /** The launch panel's signups a minute. */
  readonly launch: Pick<LaunchFigures, 'signedUp'>;
}

export class TestersRepository {
  constructor(
    readonly db: Db,
    readonly dialect: DialectName,
    readonly clock: Clock,
    readonly betas: BetasService,
    readonly testerViews: TesterViews,
  ) {}

  now(): string {
    return storedTime(this.clock.now());
  }

  /** A command's transaction; a freshly generated referral code or uuid that collided, or a referrer deleted since a signup looked it up, is retried too. */
  transaction<T>(work: (trx: Executor) => Promise<T>): Promise<T> {
    return inTransaction(this.db, work, {
      retryAlso: (error) => /referral_code|uuid/.test(uniqueViolation(error) ?? '') || referrerGone(error),
    });
  }

  async insertTester(trx: Executor, values: NewTester): Promise<TesterRow> {
    try {
      return await testerInsert(definedColumns(values)).firstOrThrow(trx, values);
    } catch (error) {
      if (uniqueViolation(error)?.includes('email_normalized')) throw Errors.testerExists();
      throw error;
    }
  }

  async updateTester(trx: Executor, id: number, changes: TesterUpdate): Promise<void> {
    try {
      await trx.updateTable('testers').set(changes).where('id', '=', id).execute();
    } catch (error) {
      if (uniqueViolation(error)?.includes('email_normalized')) {
        throw Errors.testerExists('update');
      }
      throw error;
    }
  }

  /**
   * The first thing a command that adds a tester does: holds the beta (404 when it is gone), and
   * says whether the company's plan is full, so the new tester must be hidden, and the beta's
   * erasure salt (liftErasure). Only a company with a limit serialises its signups (on its row). A
   * sandbox never counts against the plan. Asked before any tester is locked (docs/architecture.md,
   * "Lock order").
   */
  async holdForNewTester(trx: Executor, beta: Beta): Promise<{ hidden: boolean; erasureSalt: string | null }> {
    const held = await newTesterHold.first(trx, { betaId: beta.id, companyId: beta.company_id });
    if (!held) throw betaNotFound();
    const erasureSalt = held.erasure_salt ?? null;
    if (beta.sandbox_of !== null || held.max_testers === null) return { hidden: false, erasureSalt };
    const company = await lockedCompanyLimit.firstOrThrow(trx, { companyId: beta.company_id });
    if (company.max_testers === null) return { hidden: false, erasureSalt };
    // Read under the company's lock: the signup before this one has committed its counters.
    return { hidden: (await companyTesterCount(trx, beta.company_id)) >= company.max_testers, erasureSalt };
  }

  /** The beta's tester by id or uuid; 404 when there is none, 2317 when it is hidden (unless hidden ones are included). */
  async requireVisible(
    executor: Executor,
    betaId: number,
    ref: string,
    options: { lock?: 'update' | 'delete'; hidden?: 'refuse' | 'include' } = {},
  ): Promise<TesterRow> {
    const lock = options.lock ?? 'none';
    return visibleOrRefused(ref, options, (column, value) => visibleTester(`${column} ${lock}`).first(executor, { betaId, ref: value }));
  }

  /** requireVisible's read (404, 2317) of `columns` alone, unlocked: for a read that shows a part of the tester. */
  requireVisibleColumns<C extends keyof TesterRow>(betaId: number, ref: string, columns: readonly C[]): Promise<Pick<TesterRow, C | 'hidden'>> {
    const variant = [...new Set<keyof TesterRow>([...columns, 'hidden'])].join(',');
    return visibleOrRefused(ref, {}, (column, value) => visibleColumns(`${column} ${variant}`).first(this.db, { betaId, ref: value }) as Promise<Pick<TesterRow, C | 'hidden'> | undefined>);
  }

  /**
   * The tester as its change left it: the view rendered for the change's events, else read after
   * commit, with the beta read afresh (the change may have moved its counters).
   */
  async committedView(companyId: number, betaId: number, testerId: number, rendered: RenderedViews | undefined): Promise<TesterView> {
    const view = rendered && (await rendered()).get(testerId);
    return view ?? this.viewAfterCommit(await this.betas.require(companyId, betaId), testerId, 'read');
  }

  async viewAfterCommit(beta: Beta, testerId: number, responses: 'read' | 'none'): Promise<TesterView> {
    const row = await testerById.first(this.db, { id: testerId });
    // Read after commit: a concurrent delete may have removed the tester since. It is gone now.
    if (!row) throw Errors.notFound('Tester not found');
    return (await this.views(this.db, beta, [row], { responses }))[0];
  }

  views(executor: Executor, beta: Beta, rows: TesterRow[], options: ViewOptions = {}): Promise<TesterView[]> {
    return this.testerViews.of(executor, beta, rows, options);
  }
}
