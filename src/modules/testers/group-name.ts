// A group name as a bulk action takes it, and a tester's groups with it added or taken out: the
// groups are stored comma-separated and normalized (normalizeGroups), so one name holds no comma.
import { normalizeGroups } from './tester-rules.ts';

/** The longest group name a bulk action takes: as long as the list's group filter takes. */
export const GROUP_NAME_MAX_LENGTH = 200;

/** The group name asked for, trimmed, or what is wrong with it: empty, too long, or holding a comma (groups are stored comma-separated). */
export function checkedGroupName(name: string | undefined): { group: string } | { problem: string } {
  const group = name?.trim() ?? '';
  if (group === '') return { problem: 'group is required for add_to_group and remove_from_group: the group\'s name' };
  if (group.length > GROUP_NAME_MAX_LENGTH) return { problem: `group is ${group.length} characters long; at most ${GROUP_NAME_MAX_LENGTH} are allowed` };
  if (group.includes(',')) return { problem: 'group is one group name: it cannot hold a comma' };
  return { group };
}

/** The groups text with `group` added (`add`) or taken out; null when it is already so. */
export function regrouped(groups: string, group: string, add: boolean): string | null {
  const names = normalizeGroups(groups).split(',').filter(Boolean);
  if (names.includes(group) === add) return null;
  return (add ? [...names, group] : names.filter((name) => name !== group)).join(',');
}
