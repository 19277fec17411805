// Console sessions, kept in the database: the cookie holds a random value whose SHA-256 names the
// session row, so neither a copy of the table nor a log line opens one. A session ends after
// IDLE_SECONDS without a request, and ABSOLUTE_SECONDS after sign-in whatever the activity. Each
// carries a random CSRF token that the console sends back with every write.
import { createHash, randomBytes } from 'node:crypto';
import type { Db, Executor } from '../../db/executor.ts';
import { addSeconds, storedTime, type Clock } from '../../primitives/time.ts';
import { toMember, type Member } from './member.ts';

export const IDLE_SECONDS = 8 * 3600;
export const ABSOLUTE_SECONDS = 7 * 86_400;
/** How often last_seen_at is written: a minute is exact enough for an 8-hour idle limit. */
const SEEN_RESOLUTION_MS = 60_000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface OpenedSession {
  /** The cookie's value: shown once, stored only as its hash. */
  token: string;
  csrfToken: string;
  expiresAt: string;
}

export interface ActiveSession {
  id: number;
  csrfToken: string;
  member: Member;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export class Sessions {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async open(memberId: number, executor: Executor = this.db): Promise<OpenedSession> {
    const token = newToken();
    const csrfToken = newToken();
    const now = this.clock.now();
    const expiresAt = storedTime(addSeconds(now, ABSOLUTE_SECONDS));
    // The member's ended sessions go now: one that is never resumed is otherwise never removed.
    await executor
      .deleteFrom('member_sessions')
      .where('member_id', '=', memberId)
      .where((eb) => eb.or([eb('expires_at', '<=', storedTime(now)), eb('last_seen_at', '<=', storedTime(addSeconds(now, -IDLE_SECONDS)))]))
      .execute();
    await executor
      .insertInto('member_sessions')
      .values({ member_id: memberId, token_hash: hashToken(token), csrf_token: csrfToken, created_at: storedTime(now), last_seen_at: storedTime(now), expires_at: expiresAt })
      .execute();
    return { token, csrfToken, expiresAt };
  }

  /** The live session the cookie names, its idle time reset; undefined when none (an ended one is removed). */
  async resume(token: string): Promise<ActiveSession | undefined> {
    if (!TOKEN_PATTERN.test(token)) return undefined;
    const row = await this.db
      .selectFrom('member_sessions')
      .innerJoin('members', 'members.id', 'member_sessions.member_id')
      .selectAll('members')
      .select(['member_sessions.id as session_id', 'member_sessions.csrf_token', 'member_sessions.last_seen_at', 'member_sessions.expires_at'])
      .where('member_sessions.token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row) return undefined;
    const now = this.clock.now();
    const idleUntil = addSeconds(new Date(row.last_seen_at), IDLE_SECONDS);
    if (row.expires_at <= storedTime(now) || idleUntil <= now) {
      await this.db.deleteFrom('member_sessions').where('id', '=', row.session_id).execute();
      return undefined;
    }
    if (now.getTime() - Date.parse(row.last_seen_at) > SEEN_RESOLUTION_MS) {
      await this.db.updateTable('member_sessions').set({ last_seen_at: storedTime(now) }).where('id', '=', row.session_id).execute();
    }
    return { id: row.session_id, csrfToken: row.csrf_token, member: toMember(row) };
  }

  async end(sessionId: number): Promise<void> {
    await this.db.deleteFrom('member_sessions').where('id', '=', sessionId).execute();
  }

  /** Ends every session of the member but `keep` (after a password change), or all of them. */
  async endOthers(executor: Executor, memberId: number, keep: number | null): Promise<void> {
    let query = executor.deleteFrom('member_sessions').where('member_id', '=', memberId);
    if (keep !== null) query = query.where('id', '!=', keep);
    await query.execute();
  }
}
