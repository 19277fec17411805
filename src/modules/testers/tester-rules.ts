// The rules of a tester's fields that more than one use case applies (signup, update, checkin).
import type { NewTester, TesterRow } from '../../db/tables/testers.ts';
import { Errors, type ErrorEntry, type ErrorKind } from '../../primitives/errors.ts';
import type { BetaSettings } from '../betas/beta-settings.ts';
import { invalidEmailMessage, isValidEmail } from './email-address.ts';
import type { ProfileValues } from './profile.ts';
import type { TesterStatus } from './tester-status.ts';

export const requiredFieldRules: Record<BetaSettings['required_fields'][number], { error: ErrorKind; present: (p: ProfileValues) => unknown }> = {
  name: { error: Errors.nameRequired, present: (p) => p.first_name || p.last_name },
  employer: { error: Errors.employerRequired, present: (p) => p.employer },
  jobtitle: { error: Errors.jobTitleRequired, present: (p) => p.jobtitle },
  address: { error: Errors.addressRequired, present: (p) => p.address_line1 },
  country: { error: Errors.countryRequired, present: (p) => p.country },
};

export function emailProblems(email: string): ErrorEntry[] {
  return isValidEmail(email) ? [] : [Errors.testersGeneral.entry(invalidEmailMessage(email))];
}

/** "beta, vip ,beta" → "beta,vip": trimmed, empty names dropped, each once. */
export function normalizeGroups(groups: string): string {
  return [...new Set(groups.split(',').map((g) => g.trim()).filter(Boolean))].join(',');
}

export function requiredFieldProblems(settings: BetaSettings, profile: ProfileValues): ErrorEntry[] {
  return settings.required_fields
    .map((field) => requiredFieldRules[field])
    .filter((rule) => !rule.present(profile))
    .map((rule) => rule.error.entry());
}

/** Timestamps a status sets the first time a tester reaches it (never cleared), and the idle clock. */
export function milestoneFor(status: TesterStatus, row: Partial<TesterRow>, now: string): Partial<NewTester> {
  switch (status) {
    case 'applied':
      return row.applied_at ? {} : { applied_at: now };
    case 'invited':
      return row.invited_at ? {} : { invited_at: now };
    case 'active':
      // Every move to active restarts the idle clock (idle_days); joining happens once.
      return row.joined_at ? { last_active_at: now } : { joined_at: now, last_active_at: now };
    case 'imported':
      return row.imported_at ? {} : { imported_at: now };
    default:
      return {};
  }
}

/** Statuses in which a tester has joined the campaign (signup points, referral credit). */
export const JOINED_STATUSES: readonly TesterStatus[] = ['applied', 'invited', 'active'];
