// What a member's role lets them do, as the API key permissions it stands for: a viewer reads, an
// admin runs campaigns and testers, an owner does everything, members and API keys included.
import { Permissions, type Permission } from '../accounts/permissions.ts';

export const Roles = ['owner', 'admin', 'viewer'] as const;
export type Role = (typeof Roles)[number];

const READS = Permissions.filter((permission) => permission.endsWith(':read'));
const ADMIN = Permissions.filter((permission) => !permission.startsWith('members:') && !permission.startsWith('api_keys:'));

const BY_ROLE: Record<Role, ReadonlySet<Permission>> = {
  owner: new Set(Permissions),
  admin: new Set(ADMIN),
  viewer: new Set(READS),
};

export function isRole(name: string): name is Role {
  return (Roles as readonly string[]).includes(name);
}

export function permissionsOf(role: Role): ReadonlySet<Permission> {
  return BY_ROLE[role];
}
