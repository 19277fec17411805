// Betas (projects): the company's campaigns, their counters and settings.
import { ApiError, Errors } from '../../primitives/errors.ts';
import { compiled } from '../../db/engine/compiled.ts';
import { forDelete, forKeyShare, forUpdate } from '../../db/database.ts';
import type { DialectName, Db, Executor } from '../../db/executor.ts';
import type { BetaRow } from '../../db/tables/betas.ts';
import { storedTime, type Clock } from '../../primitives/time.ts';
import {
  defaultSettings,
  isWebUrl,
  mergeSettings,
  parseStoredSettings,
  settingsProblems,
  type BetaSettings,
  type BetaSettingsPatch,
} from './beta-settings.ts';
import { CHOSEN_ID_RULE, parseChosenId, parseId } from '../../primitives/ids.ts';
import { countUpTo, type PageRequest } from '../../primitives/paging.ts';
import { missingRow, uniqueViolation } from '../../db/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { readCache } from '../../db/engine/read-cache.ts';
import { recordBetaChange } from '../waitlist/standing-feed.ts';
import { countersOf, noCounts, type BetaCounters } from './beta-counters.ts';
import { defaultPage, mergePage, pageProblems, parseStoredPage, type ImageKind, type Page, type PageDesignPatch } from './beta-page.ts';
import { readImage, type ImageUpload } from './beta-images.ts';
import { insertWithChosenId } from './chosen-ids.ts';

export const betaNotFound = () => Errors.notFound('Beta not found');

/**
 * A command of one statement that writes into one of the beta's tables: the statement's
 * foreign-key check holds the beta while it runs (what BetasService.hold does for a longer
 * command), and a beta deleted since it was read answers 404, not 500 (docs/architecture.md,
 * "Lock order").
 */
export async function heldBy<T>(statement: Promise<T>): Promise<T> {
  try {
    return await statement;
  } catch (error) {
    if (missingRow(error)) throw betaNotFound();
    throw error;
  }
}

/** The betas with their counters, read through `executor`. */
async function counted(executor: Executor, betas: Beta[]): Promise<CountedBeta[]> {
  const counters = await countersOf(executor, betas.map((beta) => beta.id));
  return betas.map((beta) => ({ ...beta, counters: counters.get(beta.id)! }));
}

/** A slug names the public signup page (/b/{slug}): lower-case words joined by hyphens, never only digits (those are ids). */
const SLUG_PATTERN = /^(?!\d+$)[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG_LENGTH = 64;

/** What a page's beta reference names: an id, a slug (in lower case), or nothing it could be (null). */
export function betaReference(reference: string | number): { id: number } | { slug: string } | null {
  const text = String(reference).trim().toLowerCase();
  const id = parseId(text);
  if (id !== null) return { id };
  return text.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(text) ? { slug: text } : null;
}

export interface Beta extends Omit<BetaRow, 'settings' | 'page'> {
  settings: BetaSettings;
  /** The design of its public pages. */
  page: Page;
}

/** A beta with its counters, as the API shows it. */
export interface CountedBeta extends Beta {
  counters: BetaCounters;
}

export interface BetaInput {
  /** Create only: the id to keep (another service's), a number or its decimal digits; absent for a new one. */
  id?: number | string;
  name?: string;
  homepage_url?: string;
  /** The public signup page's name; null removes it. */
  slug?: string | null;
  settings?: BetaSettingsPatch;
  page?: PageDesignPatch;
}

export function toBeta(row: BetaRow): Beta {
  return { ...row, settings: parseStoredSettings(row.settings), page: parseStoredPage(row.page) };
}

/** The design after the input's changes; 422 when its colours fail WCAG AA. */
function pageAfter(current: Page, input: BetaInput): Page {
  const page = mergePage(current, input.page ?? {});
  const problems = input.page ? pageProblems(page) : [];
  if (problems.length > 0) throw ApiError.many(problems.map((message) => Errors.betasGeneral.entry(message)));
  return page;
}

/** A slug taken by another beta is the client's error, not a 500. */
async function slugChecked<T>(write: Promise<T>, slug: string | null | undefined): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (uniqueViolation(error)?.includes('slug')) throw Errors.betasGeneral(`slug "${slug}" is taken by another beta`);
    throw error;
  }
}

function checkInput(input: BetaInput, creating: boolean): void {
  const problems: string[] = [];
  if (creating && input.id !== undefined && parseChosenId(input.id) === null) problems.push(CHOSEN_ID_RULE);
  if (creating && !input.name?.trim()) problems.push('name is required');
  if (input.name !== undefined && !input.name.trim()) problems.push('name must not be empty');
  if (creating && !input.homepage_url) problems.push('homepage_url is required');
  if (input.homepage_url !== undefined && !isWebUrl(input.homepage_url)) {
    problems.push('homepage_url must be an absolute http(s) URL');
  }
  if (input.slug != null && !(input.slug.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(input.slug.toLowerCase()))) {
    problems.push(`slug must be up to ${MAX_SLUG_LENGTH} letters, digits and single hyphens between them, not only digits (e.g. "rocket-launch")`);
  }
  if (input.settings) problems.push(...settingsProblems(input.settings));
  if (problems.length > 0) throw ApiError.many(problems.map((message) => Errors.betasGeneral.entry(message)));
}

/** The beta as `executor` reads it now (a transaction's own view of it), not from memory. */
export async function readBetaRow(executor: Executor, id: number): Promise<Beta | undefined> {
  const row = await executor.selectFrom('betas').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toBeta(row);
}

/** Betas by id, as read outside a transaction: nearly every request of the API reads one. */
function betasById(db: Db) {
  return readCache<number, Beta | undefined>(db, 'betas', 'ttl');
}

/**
 * The beta, whichever company it belongs to, from memory (db/engine/read-cache.ts); undefined when there
 * is none. Every caller of the next moments gets the same object: it is frozen.
 */
export function readBeta(db: Db, id: number): Promise<Beta | undefined> {
  return betasById(db).get(id, async () => {
    const beta = await readBetaRow(db, id);
    if (beta) {
      Object.freeze(Object.freeze(beta).settings);
      Object.freeze(beta.page);
    }
    return beta;
  });
}

/** Drops the beta from this process's memory: another process changed it (the standing feed says so). */
export function forgetBeta(db: Db, id: number): void {
  betasById(db).invalidate(id);
}

/** The beta's row held against deletion (BetasService.holds): the first statement of every command. */
const heldBeta = compiled((db, p: { betaId: number }, dialect) => forKeyShare(dialect, db.selectFrom('betas').select('id').where('id', '=', p.betaId)));

export class BetasService {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly clock: Clock,
  ) {}

  /**
   * The company's beta, or 404 when it does not exist or belongs to another company. Read from
   * memory unless `executor` is a transaction, which reads the row as it stands, locked for a change
   * of the beta itself (`update`) or its deletion (`delete`).
   */
  async require(
    companyId: number,
    betaIdText: string | number,
    executor: Executor = this.db,
    options: { lock?: 'update' | 'delete' } = {},
  ): Promise<Beta> {
    const id = typeof betaIdText === 'number' ? betaIdText : parseId(betaIdText);
    if (id === null) throw betaNotFound();
    if (executor === this.db && !options.lock) {
      const beta = await readBeta(this.db, id);
      if (!beta || beta.company_id !== companyId) throw betaNotFound();
      return beta;
    }
    const query = executor.selectFrom('betas').selectAll().where('id', '=', id).where('company_id', '=', companyId);
    const locked = options.lock === 'delete' ? forDelete(this.dialect, query) : options.lock === 'update' ? forUpdate(this.dialect, query) : query;
    const row = await locked.executeTakeFirst();
    if (!row) throw betaNotFound();
    return toBeta(row);
  }

  /** The beta whichever company owns it, for the operator's command line; 404 when there is none. */
  async requireAny(betaId: number): Promise<Beta> {
    const beta = await readBeta(this.db, betaId);
    if (!beta) throw betaNotFound();
    return beta;
  }

  /**
   * Holds the beta until the command's transaction ends: the first thing every write command of
   * more than one statement does (docs/architecture.md, "Lock order"). PostgreSQL locks its row
   * FOR KEY SHARE, which conflicts with nothing but the beta's deletion: a DELETE of the beta then
   * waits for this command, or came first and the beta is gone. SQLite runs one transaction at a
   * time, so reading the row is enough. Whether the beta is there.
   */
  async holds(trx: Executor, betaId: number): Promise<boolean> {
    return (await heldBeta.first(trx, { betaId })) !== undefined;
  }

  /** `holds`, for a command of the API: 404 when the beta is gone. */
  async hold(trx: Executor, betaId: number): Promise<void> {
    if (!(await this.holds(trx, betaId))) throw betaNotFound();
  }

  /** The company's beta with its counters (show beta); 404 as `require`. */
  async show(companyId: number, betaIdText: string | number): Promise<CountedBeta> {
    return (await counted(this.db, [await this.require(companyId, betaIdText)]))[0];
  }

  /**
   * The beta a public page names (its slug, or its id), whichever company it belongs to; undefined
   * when there is none. Visitors reach it without a key: only what the beta shows publicly may
   * be shown from it.
   */
  async findPublic(reference: string | number): Promise<Beta | undefined> {
    const named = betaReference(reference);
    if (named === null) return undefined;
    // By id from memory, as the API reads a beta; its design comes with it.
    if ('id' in named) return readBeta(this.db, named.id);
    const row = await this.db.selectFrom('betas').selectAll().where('slug', '=', named.slug).executeTakeFirst();
    return row ? toBeta(row) : undefined;
  }

  async list(companyId: number, page: PageRequest): Promise<{ items: CountedBeta[]; total: number; totalEstimated: boolean }> {
    const [rows, total] = await Promise.all([
      this.db.selectFrom('betas').selectAll().where('company_id', '=', companyId).orderBy('id').limit(page.perPage).offset(page.offset).execute(),
      countUpTo(this.db, this.db.selectFrom('betas').select('id').where('company_id', '=', companyId), page),
    ]);
    return { items: await counted(this.db, rows.map(toBeta)), ...total };
  }

  async create(companyId: number, input: BetaInput): Promise<CountedBeta> {
    checkInput(input, true);
    const now = storedTime(this.clock.now());
    const settings = mergeSettings(defaultSettings(), input.settings ?? {});
    const id = input.id === undefined ? undefined : parseChosenId(input.id)!;
    const page = pageAfter(defaultPage(), input);
    const row = await slugChecked(
      insertWithChosenId(this.db, this.dialect, 'betas', id, (executor) =>
        executor
          .insertInto('betas')
          .values({
            ...(id === undefined ? {} : { id }),
            company_id: companyId,
            name: input.name!.trim(),
            homepage_url: input.homepage_url!,
            slug: input.slug?.toLowerCase() ?? null,
            settings: JSON.stringify(settings),
            page: JSON.stringify(page),
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      ),
      input.slug,
    );
    // A request for the id before it was chosen may have left "no such beta" in memory.
    if (id !== undefined) betasById(this.db).invalidate(id);
    return { ...toBeta(row), counters: noCounts() };
  }

  async update(companyId: number, betaId: string, input: BetaInput): Promise<CountedBeta> {
    checkInput(input, false);
    const updated = inTransaction(this.db, async (trx) => {
      const beta = await this.require(companyId, betaId, trx, { lock: 'update' });
      const page = pageAfter(beta.page, input);
      const row = await trx
        .updateTable('betas')
        .set({
          name: input.name?.trim() ?? beta.name,
          homepage_url: input.homepage_url ?? beta.homepage_url,
          slug: input.slug === undefined ? beta.slug : (input.slug?.toLowerCase() ?? null),
          settings: JSON.stringify(mergeSettings(beta.settings, input.settings ?? {})),
          page: JSON.stringify(page),
          updated_at: storedTime(this.clock.now()),
        })
        .where('id', '=', beta.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return this.#changed(trx, row);
    });
    return slugChecked(updated, input.slug);
  }

  /** The beta as it would look with the draft design (the console's live preview); 422 as a PATCH would answer. Stores nothing. */
  async withDraftPage(companyId: number, betaId: string, draft: PageDesignPatch): Promise<Beta> {
    const beta = await this.require(companyId, betaId);
    return { ...beta, page: pageAfter(beta.page, { page: draft }) };
  }

  /**
   * Sets the design's logo or hero image: the upload is read (within its size limit) and checked
   * before the transaction begins, then kept in beta_images and named in the beta's design.
   */
  async putImage(companyId: number, betaId: string, kind: ImageKind, upload: () => Promise<ImageUpload>): Promise<CountedBeta> {
    // The beta first: an upload to a beta that is not there is a 404, whatever its body.
    await this.require(companyId, betaId);
    const image = await readImage(kind, await upload());
    return inTransaction(this.db, async (trx) => {
      const beta = await this.require(companyId, betaId, trx, { lock: 'update' });
      const now = storedTime(this.clock.now());
      const stored = { beta_id: beta.id, kind, digest: image.digest, content_type: image.type, bytes: image.bytes, created_at: now };
      await trx
        .insertInto('beta_images')
        .values(stored)
        .onConflict((oc) => oc.columns(['beta_id', 'kind']).doUpdateSet({ digest: image.digest, content_type: image.type, bytes: image.bytes, created_at: now }))
        .execute();
      return this.#changed(trx, await this.#setPage(trx, beta, { ...beta.page, [kind]: { digest: image.digest, content_type: image.type } }));
    });
  }

  /** Removes the design's logo or hero image; removing one there is not changes nothing. */
  async deleteImage(companyId: number, betaId: string, kind: ImageKind): Promise<CountedBeta> {
    return inTransaction(this.db, async (trx) => {
      const beta = await this.require(companyId, betaId, trx, { lock: 'update' });
      if (beta.page[kind] === null) return (await counted(trx, [beta]))[0];
      await trx.deleteFrom('beta_images').where('beta_id', '=', beta.id).where('kind', '=', kind).execute();
      return this.#changed(trx, await this.#setPage(trx, beta, { ...beta.page, [kind]: null }));
    });
  }

  /** An image of any beta's design by the digest its URL names; undefined when no design has it. */
  async image(digest: string): Promise<{ content_type: string; bytes: Uint8Array } | undefined> {
    return this.db.selectFrom('beta_images').select(['content_type', 'bytes']).where('digest', '=', digest).limit(1).executeTakeFirst();
  }

  #setPage(trx: Executor, beta: Beta, page: Page): Promise<BetaRow> {
    return trx
      .updateTable('betas')
      .set({ page: JSON.stringify(page), updated_at: storedTime(this.clock.now()) })
      .where('id', '=', beta.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The beta as a change left it: dropped from every process's memory, and shown with its counters. */
  async #changed(trx: Executor, row: BetaRow): Promise<CountedBeta> {
    betasById(this.db).invalidateFor(trx, row.id);
    await recordBetaChange(trx, row.id);
    return (await counted(trx, [toBeta(row)]))[0];
  }

  /**
   * Deletes the beta with everything in it (testers, answers, codes, checkins), and its sandbox
   * with everything in that, and returns the beta as it was. The sandbox is locked after its beta
   * (docs/architecture.md, "Lock order"): its own commands hold it alone, so none waits the other way.
   */
  async delete(companyId: number, betaId: string): Promise<CountedBeta> {
    return inTransaction(this.db, async (trx) => {
      const [beta] = await counted(trx, [await this.require(companyId, betaId, trx, { lock: 'delete' })]);
      const sandbox = await forDelete(this.dialect, trx.selectFrom('betas').select('id').where('sandbox_of', '=', beta.id)).executeTakeFirst();
      const deleted = sandbox ? [sandbox.id, beta.id] : [beta.id];
      await trx.deleteFrom('betas').where('id', 'in', deleted).execute();
      for (const id of deleted) {
        betasById(this.db).invalidateFor(trx, id);
        await recordBetaChange(trx, id);
      }
      return beta;
    });
  }
}
