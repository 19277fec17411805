// Members of a company: who may sign in to the console, with which role. An address belongs to one
// member of the whole installation (sign-in finds the member by it). A company keeps at least one
// owner. Sessions are in sessions.ts, the one-time links that set a password in member-links.ts.
import { Errors } from '../../primitives/errors.ts';
import type { Db, Executor } from '../../db/executor.ts';
import { inTransaction } from '../../db/transaction.ts';
import { storedTime, type Clock } from '../../primitives/time.ts';
import { checkNewPassword, DECOY_HASH, hashPassword, verifyPassword } from './passwords.ts';
import { isRole, type Role } from './roles.ts';
import type { MemberLinks } from './member-links.ts';
import type { Sessions } from './sessions.ts';
import { type Member, toMember, memberAddress, insertMember } from './member.ts';

export interface NewMember {
  companyId: number;
  email: string;
  role: string;
  /** Set now (CLI, an owner adding a member with one); without it the member is e-mailed a link to set one. */
  password?: string;
}

function checkRole(role: string): Role {
  if (!isRole(role)) throw Errors.membersGeneral(`Role must be owner, admin or viewer, not "${role}"`);
  return role;
}

export class MembersService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly sessions: Sessions,
    private readonly links: MemberLinks,
  ) {}

  async list(companyId: number): Promise<Member[]> {
    const rows = await this.db.selectFrom('members').selectAll().where('company_id', '=', companyId).orderBy('id').execute();
    return rows.map(toMember);
  }

  async find(companyId: number, memberId: number): Promise<Member> {
    const row = await this.db.selectFrom('members').selectAll().where('id', '=', memberId).where('company_id', '=', companyId).executeTakeFirst();
    if (!row) throw Errors.notFound('Member not found');
    return toMember(row);
  }

  /** Adds a member; without a password, queues the invitation e-mail with its link. */
  async create(input: NewMember): Promise<Member> {
    const address = memberAddress(input.email);
    const role = checkRole(input.role);
    if (input.password !== undefined) checkNewPassword(input.password);
    const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
    return inTransaction(this.db, async (trx) => {
      const company = await trx.selectFrom('companies').select('id').where('id', '=', input.companyId).executeTakeFirst();
      if (!company) throw Errors.notFound(`Company ${input.companyId} not found`);
      const member = await insertMember(trx, storedTime(this.clock.now()), { companyId: input.companyId, ...address, role, passwordHash });
      if (!passwordHash) await this.links.invite(trx, member);
      return member;
    });
  }

  async changeRole(companyId: number, memberId: number, role: string): Promise<Member> {
    const wanted = checkRole(role);
    return inTransaction(this.db, async (trx) => {
      const member = await this.lockOwners(trx, companyId, memberId, wanted === 'owner');
      const row = await trx
        .updateTable('members')
        .set({ role: wanted, updated_at: storedTime(this.clock.now()) })
        .where('id', '=', member.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toMember(row);
    });
  }

  /** Removes the member (their sessions end with them); answers them as they were. */
  async remove(companyId: number, memberId: number): Promise<Member> {
    return inTransaction(this.db, async (trx) => {
      const member = await this.lockOwners(trx, companyId, memberId, false);
      await trx.deleteFrom('members').where('id', '=', member.id).execute();
      return member;
    });
  }

  /**
   * The member, after checking that the change leaves the company an owner (`staysOwner`: the
   * member is an owner after it). The company's row is
   * updated first, which makes two such changes of one company wait for each other on either database.
   */
  private async lockOwners(trx: Executor, companyId: number, memberId: number, staysOwner: boolean): Promise<Member> {
    await trx.updateTable('companies').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', companyId).execute();
    const row = await trx.selectFrom('members').selectAll().where('id', '=', memberId).where('company_id', '=', companyId).executeTakeFirst();
    if (!row) throw Errors.notFound('Member not found');
    if (row.role === 'owner' && !staysOwner) {
      const owners = await trx.selectFrom('members').select('id').where('company_id', '=', companyId).where('role', '=', 'owner').limit(2).execute();
      if (owners.length < 2) throw Errors.lastOwner();
    }
    return toMember(row);
  }

  /**
   * The member whose address and password these are. An unknown address is refused exactly as a
   * wrong password, after as long a wait (a decoy hash is verified), so neither tells it apart.
   */
  async signIn(email: string, password: string): Promise<Member> {
    const row = await this.db.selectFrom('members').selectAll().where('email_normalized', '=', email.trim().toLowerCase()).executeTakeFirst();
    const matches = await verifyPassword(password, row?.password_hash ?? DECOY_HASH);
    if (!row?.password_hash || !matches) throw Errors.signInRefused();
    return toMember(row);
  }

  /** Sets a new password after checking the current one; every other session of the member ends. */
  async changePassword(memberId: number, currentSessionId: number, current: string, next: string): Promise<void> {
    const row = await this.db.selectFrom('members').select('password_hash').where('id', '=', memberId).executeTakeFirst();
    if (!row?.password_hash || !(await verifyPassword(current, row.password_hash))) throw Errors.currentPasswordWrong();
    checkNewPassword(next);
    const hash = await hashPassword(next);
    await inTransaction(this.db, async (trx) => {
      await trx.updateTable('members').set({ password_hash: hash, updated_at: storedTime(this.clock.now()) }).where('id', '=', memberId).execute();
      await this.sessions.endOthers(trx, memberId, currentSessionId);
    });
  }
}
