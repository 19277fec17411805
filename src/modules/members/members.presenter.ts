// A member as the API, the CLI and the console show it: never the password's hash.
import { apiTime } from '../../primitives/time.ts';
import type { Member } from './member.ts';

export function presentMember(member: Member) {
  return {
    id: member.id,
    email: member.email,
    role: member.role,
    has_password: member.has_password,
    created_at: apiTime(member.created_at),
    updated_at: apiTime(member.updated_at),
  };
}
