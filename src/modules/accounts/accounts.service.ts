// Companies and their API keys. Keys are shown once; only their SHA-256 hash is stored.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError, Errors } from '../../primitives/errors.ts';
import { compiled } from '../../db/engine/compiled.ts';
import type { Db } from '../../db/executor.ts';
import { readCache } from '../../db/engine/read-cache.ts';
import type { ApiKeyRow, CompanyRow } from '../../db/tables/accounts.ts';
import { storedTime, type Clock } from '../../primitives/time.ts';
import { countUpTo, type PageRequest } from '../../primitives/paging.ts';
import { isPermission, Permissions, type Permission } from './permissions.ts';

/**
 * A presented key that opens nothing. Unknown, revoked and expired keys are answered alike: whoever
 * holds a leaked key learns nothing of its history. Why it was refused is for the operator's log.
 */
export class KeyRefused extends ApiError {
  constructor(
    readonly reason: 'unknown' | 'revoked' | 'expired',
    readonly keyId: number | null,
  ) {
    super([Errors.unauthorized.entry('Invalid API key')]);
  }
}

const KEY_PREFIX = 'pl_';
export const MAX_KEY_NAME_LENGTH = 100;

export interface NewApiKey {
  companyId: number;
  name?: string;
  expiresAt?: Date | null;
  /** Permission names; all of them when not given. */
  permissions?: string[];
  /** The permissions of whoever creates it (a key or a member's role); undefined for the operator's CLI. */
  grantor?: ReadonlySet<Permission>;
}

export interface Company {
  id: number;
  name: string;
  max_testers: number | null;
  created_at: string;
  updated_at: string;
}

export interface ApiKeyInfo {
  id: number;
  company_id: number;
  name: string;
  key_prefix: string;
  permissions: Permission[];
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface CreatedApiKey extends ApiKeyInfo {
  /** The secret itself: returned once, at creation. */
  key: string;
}

export interface Principal {
  companyId: number;
  /** The API key presented, or null for a member signed in to the console. */
  keyId: number | null;
  /** The console session and its member, when signed in rather than by key. */
  session: { id: number; memberId: number; csrfToken: string } | null;
  permissions: ReadonlySet<Permission>;
}

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function toCompany(row: CompanyRow): Company {
  return { id: row.id, name: row.name, max_testers: row.max_testers, created_at: row.created_at, updated_at: row.updated_at };
}

function toKeyInfo(row: ApiKeyRow): ApiKeyInfo {
  return {
    id: row.id,
    company_id: row.company_id,
    name: row.name,
    key_prefix: row.key_prefix,
    permissions: JSON.parse(row.permissions) as Permission[],
    created_at: row.created_at,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
    last_used_at: row.last_used_at,
  };
}

// Every authenticated request runs it, and on PostgreSQL no process keeps a key: compiled once (db/engine/compiled.ts).
const keyByHash = compiled((db, p: { hash: string }) => db.selectFrom('api_keys').selectAll().where('key_hash', '=', p.hash));

/** How often a key's last_used_at is written: once a minute is plenty and spares a write per request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export class AccountsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The principal of each cached key row: its permissions parsed once, not on every request. */
  private readonly principals = new WeakMap<ApiKeyRow, Principal>();

  /** Keys by hash: every authenticated request reads one. */
  private get keysByHash() {
    return readCache<string, ApiKeyRow | undefined>(this.db, 'api-keys', 'none');
  }

  async createCompany(input: { name: string; maxTesters?: number | null }): Promise<Company> {
    const name = input.name.trim();
    if (!name) throw new Error('Company name must not be empty');
    if (input.maxTesters != null && (!Number.isInteger(input.maxTesters) || input.maxTesters < 0)) {
      throw new Error('max testers must be a whole number, 0 or more');
    }
    const now = storedTime(this.clock.now());
    const row = await this.db
      .insertInto('companies')
      .values({ name, max_testers: input.maxTesters ?? null, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCompany(row);
  }

  async findCompany(id: number): Promise<Company | undefined> {
    const row = await this.db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toCompany(row);
  }

  async listCompanies(): Promise<Company[]> {
    const rows = await this.db.selectFrom('companies').selectAll().orderBy('id').execute();
    return rows.map(toCompany);
  }

  /**
   * A new key of the company: the CLI's `key create` and the API's (docs/decisions.md, "API keys
   * in the console"). Every problem is reported together (422); `grantor`, the permissions of who
   * asks, bounds the key's: no one hands out a permission they lack (403).
   */
  async createApiKey(input: NewApiKey): Promise<CreatedApiKey> {
    if (!(await this.findCompany(input.companyId))) throw Errors.notFound(`Company ${input.companyId} not found`);
    const permissions = [...new Set((input.permissions ?? [...Permissions]).map((p) => p.trim()))];
    const problems: string[] = [];
    const unknown = permissions.filter((p) => !isPermission(p));
    if (unknown.length > 0) problems.push(`Unknown permission ${unknown.join(', ')}; known: ${Permissions.join(', ')}`);
    if (permissions.length === 0) problems.push('permissions must name at least one permission: a key needs one');
    const name = input.name?.trim() || 'API key';
    if (name.length > MAX_KEY_NAME_LENGTH) problems.push(`name must be at most ${MAX_KEY_NAME_LENGTH} characters`);
    const now = this.clock.now();
    if (input.expiresAt && input.expiresAt.getTime() <= now.getTime()) problems.push('expires_at must be in the future: a key born expired opens nothing');
    if (problems.length > 0) throw ApiError.many(problems.map((message) => Errors.membersGeneral.entry(message)));
    const lacking = input.grantor ? permissions.filter((p) => !input.grantor!.has(p as Permission)) : [];
    if (lacking.length > 0) throw Errors.forbidden(lacking.join(', '));
    const key = KEY_PREFIX + randomBytes(24).toString('base64url');
    const row = await this.db
      .insertInto('api_keys')
      .values({
        company_id: input.companyId,
        name,
        key_hash: hashKey(key),
        key_prefix: key.slice(0, KEY_PREFIX.length + 4),
        permissions: JSON.stringify(Permissions.filter((p) => permissions.includes(p))),
        created_at: storedTime(now),
        expires_at: input.expiresAt ? storedTime(input.expiresAt) : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...toKeyInfo(row), key };
  }

  async listApiKeys(companyId: number): Promise<ApiKeyInfo[]> {
    const rows = await this.db.selectFrom('api_keys').selectAll().where('company_id', '=', companyId).orderBy('id').execute();
    return rows.map(toKeyInfo);
  }

  /** A page of the company's keys by id (api_keys is indexed by company_id). */
  async pageApiKeys(companyId: number, page: PageRequest): Promise<{ items: ApiKeyInfo[]; total: number; totalEstimated: boolean }> {
    const query = this.db.selectFrom('api_keys').where('company_id', '=', companyId);
    const [rows, counted] = await Promise.all([
      query.selectAll().orderBy('id').limit(page.perPage).offset(page.offset).execute(),
      countUpTo(this.db, query.select('id'), page),
    ]);
    return { items: rows.map(toKeyInfo), ...counted };
  }

  /** Revokes the key at once (again: the first time stays); of `companyId` only when given, else 404. */
  async revokeApiKey(id: number, companyId?: number): Promise<ApiKeyInfo> {
    const now = storedTime(this.clock.now());
    let update = this.db
      .updateTable('api_keys')
      .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.val(now)) }))
      .where('id', '=', id);
    if (companyId !== undefined) update = update.where('company_id', '=', companyId);
    const row = await update.returningAll().executeTakeFirst();
    if (!row) throw Errors.notFound(`API key ${id} not found`);
    this.keysByHash.invalidate(row.key_hash);
    return toKeyInfo(row);
  }

  /** Resolves a presented key to its company and permissions, or throws 401. */
  async authenticate(presented: string): Promise<Principal> {
    const hash = hashKey(presented);
    const row = await this.keysByHash.get(hash, () => keyByHash.first(this.db, { hash }));
    // The lookup is by hash, so timing reveals nothing of the key; the comparison is belt and braces.
    if (!row || !timingSafeEqual(Buffer.from(row.key_hash), Buffer.from(hash))) throw new KeyRefused('unknown', null);
    const now = this.clock.now();
    if (row.revoked_at) throw new KeyRefused('revoked', row.id);
    if (row.expires_at && row.expires_at <= storedTime(now)) throw new KeyRefused('expired', row.id);
    if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) > LAST_USED_RESOLUTION_MS) {
      await this.db.updateTable('api_keys').set({ last_used_at: storedTime(now) }).where('id', '=', row.id).execute();
      // The cached row too, or each request would write again until it expires.
      row.last_used_at = storedTime(now);
    }
    let principal = this.principals.get(row);
    if (!principal) {
      principal = Object.freeze({ companyId: row.company_id, keyId: row.id, session: null, permissions: new Set(JSON.parse(row.permissions) as Permission[]) });
      this.principals.set(row, principal);
    }
    return principal;
  }
}
