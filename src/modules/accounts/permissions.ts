// What an API key may do (docs/decisions.md, "API keys"). A key carries all of them unless created
// with fewer.
export const Permissions = [
  'betas:read',
  'betas:write',
  'betas:delete',
  'testers:read',
  'testers:write',
  'testers:delete',
  'rewards:read',
  'rewards:write',
  'points:read',
  'points:write',
  'suppressions:read',
  'suppressions:write',
  'webhooks:manage',
  'members:read',
  'members:manage',
  // List, create and revoke the company's keys (docs/decisions.md, "API keys in the console").
  'api_keys:manage',
] as const;

export type Permission = (typeof Permissions)[number];

export function isPermission(name: string): name is Permission {
  return (Permissions as readonly string[]).includes(name);
}
