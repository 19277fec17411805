// Invitation codes (docs/decisions.md, "Invitation codes"): a tester's unique code, derived from
// the beta's decoder key and the e-mail address so a site can check it offline, and custom codes
// made through the management API, limited by uses and/or time.
import { createHash } from 'node:crypto';
import { ApiError, Errors } from '../../primitives/errors.ts';
import type { Db, Executor } from '../../db/executor.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { heldBy } from '../betas/betas.service.ts';
import type { InvitationCodeRow } from '../../db/tables/betas.ts';
import { parseId } from '../../primitives/ids.ts';
import { countUpTo, type PageRequest } from '../../primitives/paging.ts';
import { storedTime, type Clock } from '../../primitives/time.ts';

export interface InvitationCodeBeta {
  id: number;
  settings: { decoder_key: string };
}

export interface InvitationCodeInput {
  code?: string;
  max_uses?: number;
  expires_at?: string;
}

/** A code's limits as an update sends them: null removes one. */
export interface InvitationCodeLimits {
  max_uses?: number | null;
  expires_at?: string | null;
}

/** The original's derivation: the first 10 hex characters of sha1(decoder_key + lowercase(email)). Test vector: key 'd1696aeb245fa90380a192a41730f07464c906ea', 'joe@gmail.com' → '6210ede5e4'. */
export function uniqueInvitationCode(decoderKey: string, email: string): string {
  return createHash('sha1').update(decoderKey + email.trim().toLowerCase(), 'utf8').digest('hex').slice(0, 10);
}

function normalized(code: string): string {
  return code.trim().toLowerCase();
}

function isUniqueCode(beta: InvitationCodeBeta, email: string, code: string): boolean {
  return normalized(code) === uniqueInvitationCode(beta.settings.decoder_key, email);
}

/** Is `code` valid for this e-mail in this beta right now, without using it? Either the tester's unique code (case-insensitive compare) or a custom code that is not expired and has uses left. */
export async function isInvitationCodeValid(
  executor: Executor,
  beta: InvitationCodeBeta,
  email: string,
  code: string,
  now: string,
): Promise<boolean> {
  if (!normalized(code)) return false;
  if (isUniqueCode(beta, email, code)) return true;
  const row = await executor
    .selectFrom('invitation_codes')
    .select('id')
    .where('beta_id', '=', beta.id)
    .where('code_normalized', '=', normalized(code))
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Uses a code for a signup/activation inside the caller's transaction and returns the code as the tester keeps it (the unique code, or the custom code as created). The unique code: nothing to record. A custom code: increments uses atomically (a single UPDATE … SET uses = uses + 1 WHERE … AND (max_uses IS NULL OR uses < max_uses) AND (expires_at IS NULL OR expires_at > now) — so concurrent redemptions never exceed max_uses on either database). Throws invitationCodeInvalid when no such code exists at all, invitationCodeExpired when a custom code exists but is expired or used up. */
export async function redeemInvitationCode(
  trx: Executor,
  beta: InvitationCodeBeta,
  email: string,
  code: string,
  now: string,
): Promise<string> {
  const wanted = normalized(code);
  if (!wanted) throw Errors.invitationCodeInvalid();
  if (isUniqueCode(beta, email, code)) return wanted;
  // The condition is evaluated against the row as locked by the UPDATE (PostgreSQL re-checks it
  // after a concurrent update commits; SQLite has one writer), so uses never pass max_uses.
  const result = await trx
    .updateTable('invitation_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('beta_id', '=', beta.id)
    .where('code_normalized', '=', wanted)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .returning('code')
    .executeTakeFirst();
  if (result) return result.code;
  const exists = await trx
    .selectFrom('invitation_codes')
    .select('id')
    .where('beta_id', '=', beta.id)
    .where('code_normalized', '=', wanted)
    .executeTakeFirst();
  if (exists) throw Errors.invitationCodeExpired();
  throw Errors.invitationCodeInvalid();
}

/** A new expiry as stored, or null with the problem added: it must be a date-time in the future. */
function expiryOf(text: string, now: Date, problems: string[]): string | null {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) problems.push('expires_at must be an ISO 8601 date-time');
  else if (date.getTime() <= now.getTime()) problems.push('expires_at must be in the future');
  else return storedTime(date);
  return null;
}

export class InvitationCodesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(betaId: number, page: PageRequest): Promise<{ items: InvitationCodeRow[]; total: number; totalEstimated: boolean }> {
    const [rows, counted] = await Promise.all([
      this.db.selectFrom('invitation_codes').selectAll().where('beta_id', '=', betaId).orderBy('id').limit(page.perPage).offset(page.offset).execute(),
      countUpTo(this.db, this.db.selectFrom('invitation_codes').select('id').where('beta_id', '=', betaId), page),
    ]);
    return { items: rows, ...counted };
  }

  async create(betaId: number, input: InvitationCodeInput): Promise<InvitationCodeRow> {
    const now = this.clock.now();
    const problems: string[] = [];
    const code = input.code?.trim() ?? '';
    if (!code) problems.push('code is required');
    if (input.max_uses === undefined && input.expires_at === undefined) {
      problems.push('max_uses or expires_at is required: a custom code is limited by usage or time');
    }
    const expiresAt = input.expires_at === undefined ? null : expiryOf(input.expires_at, now, problems);
    if (problems.length > 0) throw ApiError.many(problems.map((message) => Errors.betasGeneral.entry(message)));
    try {
      return await heldBy(
        this.db
          .insertInto('invitation_codes')
          .values({
            beta_id: betaId,
            code,
            code_normalized: normalized(code),
            max_uses: input.max_uses ?? null,
            expires_at: expiresAt,
            created_at: storedTime(now),
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
    } catch (error) {
      if (uniqueViolation(error)?.includes('code_normalized')) throw Errors.betasGeneral('Invitation code already exists');
      throw error;
    }
  }

  /**
   * Changes a custom code's limits: max_uses and expires_at as sent (null removes one), the code
   * itself stays. One limit at least remains; a new expiry is in the future; uses are kept.
   */
  async update(betaId: number, codeIdText: string, input: InvitationCodeLimits): Promise<InvitationCodeRow> {
    const id = parseId(codeIdText);
    const current = id === null ? undefined : await this.db.selectFrom('invitation_codes').selectAll().where('id', '=', id).where('beta_id', '=', betaId).executeTakeFirst();
    if (!current) throw Errors.notFound('Invitation code not found');
    const now = this.clock.now();
    const problems: string[] = [];
    const maxUses = input.max_uses === undefined ? current.max_uses : input.max_uses;
    const expiresAt = input.expires_at === undefined ? current.expires_at : input.expires_at === null ? null : expiryOf(input.expires_at, now, problems);
    if (problems.length === 0 && maxUses === null && expiresAt === null) {
      problems.push('max_uses or expires_at is required: a custom code is limited by usage or time');
    }
    if (problems.length > 0) throw ApiError.many(problems.map((message) => Errors.betasGeneral.entry(message)));
    const row = await this.db
      .updateTable('invitation_codes')
      .set({ max_uses: maxUses, expires_at: expiresAt })
      .where('id', '=', current.id)
      .where('beta_id', '=', betaId)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw Errors.notFound('Invitation code not found');
    return row;
  }

  /** Deletes the custom code and returns it as it was. */
  async delete(betaId: number, codeIdText: string): Promise<InvitationCodeRow> {
    const id = parseId(codeIdText);
    const row =
      id === null
        ? undefined
        : await this.db.deleteFrom('invitation_codes').where('id', '=', id).where('beta_id', '=', betaId).returningAll().executeTakeFirst();
    if (!row) throw Errors.notFound('Invitation code not found');
    return row;
  }
}
