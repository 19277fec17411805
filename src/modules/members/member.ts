// A member as the module shows it, and its row's insert: sessions, links and the service all use
// these, and the service holds the other two.
import { Errors } from '../../primitives/errors.ts';
import type { Executor } from '../../db/executor.ts';
import { uniqueViolation } from '../../db/errors.ts';
import type { MemberRow } from '../../db/tables/accounts.ts';
import { isValidEmail } from '../testers/email-address.ts';
import type { Role } from './roles.ts';

export interface Member {
  id: number;
  company_id: number;
  email: string;
  role: Role;
  /** False until the member set a password (an invitation not yet accepted). */
  has_password: boolean;
  created_at: string;
  updated_at: string;
}

export function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    company_id: row.company_id,
    email: row.email,
    role: row.role as Role,
    has_password: row.password_hash !== null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The address as given (trimmed) and as compared; refused when it is no address. */
export function memberAddress(email: string): { email: string; normalized: string } {
  const trimmed = email.trim();
  if (!isValidEmail(trimmed)) throw Errors.memberEmailInvalid();
  return { email: trimmed, normalized: trimmed.toLowerCase() };
}

/** Inserts a member; an address taken already is refused (also when taken meanwhile). */
export async function insertMember(
  trx: Executor,
  now: string,
  input: { companyId: number; email: string; normalized: string; role: Role; passwordHash: string | null },
): Promise<Member> {
  try {
    const row = await trx
      .insertInto('members')
      .values({
        company_id: input.companyId,
        email: input.email,
        email_normalized: input.normalized,
        password_hash: input.passwordHash,
        role: input.role,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toMember(row);
  } catch (error) {
    if (uniqueViolation(error)) throw Errors.memberExists();
    throw error;
  }
}
