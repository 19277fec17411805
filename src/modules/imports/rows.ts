// One line of an imported file as a tester to insert, or the reasons it cannot be: the checks of a
// signup that need no database (e-mail, status, profile, answers), read from the mapped columns.
// An import is the owner's own list, so a beta's signup rules (required fields, blocked domains,
// signups closed) do not refuse its lines (docs/import.md).
import type { QuestionRow } from '../../db/tables/betas.ts';
import type { BetaSettings } from '../betas/beta-settings.ts';
import { prepareAnswers, type PreparedAnswer } from '../questions/questions.service.ts';
import { normalizeEmail, type EmailAddress } from '../testers/email-address.ts';
import type { GeoLocator } from '../testers/geoip.ts';
import { prepareProfile, type ProfileInput, type ProfileValues } from '../testers/profile.ts';
import { emailProblems, normalizeGroups } from '../testers/tester-rules.ts';
import { CreateStatuses, type TesterStatus } from '../testers/tester-status.ts';
import type { ImportColumn } from './mapping.ts';

export interface ImportedRow {
  line: number;
  email: EmailAddress;
  status: TesterStatus;
  profile: ProfileValues;
  /** When the tester joined elsewhere (stored form), or null for the time of the import. */
  joinedAt: string | null;
  points: number;
  groups: string;
  answers: PreparedAnswer[];
  /** The referrer as the file names it (an e-mail or a referral code), or null. */
  referrer: string | null;
  /** The tester's referral code elsewhere, kept when no tester of the service has it. */
  referralCode: string | null;
}

export type RowResult = { row: ImportedRow } | { line: number; problems: string[] };

const MAX_POINTS = 1_000_000_000;
const REFERRAL_CODE = /^[A-Za-z0-9_-]{1,32}$/;

export interface RowContext {
  columns: readonly ImportColumn[];
  questions: readonly QuestionRow[];
  settings: Pick<BetaSettings, 'double_opt_in'>;
  geo: GeoLocator;
}

export function readRow(context: RowContext, fields: readonly string[], line: number): RowResult {
  const problems: string[] = [];
  const profileInput: ProfileInput = {};
  const answersInput: { question_id: number; answer: string }[] = [];
  const value: Record<string, string> = {};
  for (const column of context.columns) {
    const text = fields[column.index] ?? '';
    if (column.target.startsWith('responses.')) {
      if (text.trim() !== '') answersInput.push({ question_id: Number(column.target.slice('responses.'.length)), answer: text });
    } else if (isProfileTarget(column.target)) {
      profileInput[column.target as keyof ProfileInput] = text;
    } else {
      value[column.target] = text.trim();
    }
  }
  const email = normalizeEmail(value.email);
  if (!email) problems.push('the e-mail is empty');
  else problems.push(...emailProblems(email.email).map((entry) => entry.message));

  const statusText = (value.status ?? '').toLowerCase();
  const status = (statusText === '' ? 'imported' : statusText) as TesterStatus;
  if (!(CreateStatuses as readonly string[]).includes(status)) {
    problems.push(`status "${value.status}" cannot be imported; use one of ${CreateStatuses.join(', ')}`);
  } else if (status === 'unconfirmed' && !context.settings.double_opt_in) {
    problems.push('status unconfirmed needs double opt-in, which this beta has switched off');
  }

  const profile = prepareProfile(profileInput, { geo: context.geo });
  problems.push(...profile.errors.map((entry) => entry.message));
  // Every question counts as answered before: a line need not answer a required question.
  const answers = prepareAnswers(context.questions, answersInput, new Set(context.questions.map((q) => q.id)));
  problems.push(...answers.errors.map((entry) => entry.message));

  const joinedAt = value.created_at ? parseTime(value.created_at) : null;
  if (joinedAt === undefined) problems.push(`created_at "${value.created_at}" is not a date (use ISO 8601, such as 2024-05-01T09:30:00Z)`);
  // Decimal digits only: Number() would also read "0x10", "1e3" and " 1".
  const points = !value.points ? 0 : /^[0-9]+$/.test(value.points) ? Number(value.points) : Number.NaN;
  if (!Number.isInteger(points) || points < 0 || points > MAX_POINTS) {
    problems.push(`points "${value.points}" must be a whole number from 0 to ${MAX_POINTS}`);
  }
  const referralCode = value.referral_code || null;
  if (referralCode !== null && !REFERRAL_CODE.test(referralCode)) {
    problems.push(`referral_code "${referralCode.slice(0, 40)}" must be 1 to 32 letters, digits, _ or -`);
  }
  if (problems.length > 0 || !email) return { line, problems };
  return {
    row: {
      line,
      email,
      status,
      profile: profile.values,
      joinedAt: joinedAt ?? null,
      points,
      groups: normalizeGroups(value.groups ?? ''),
      answers: answers.answers,
      referrer: value.referrer_id || null,
      referralCode,
    },
  };
}

function isProfileTarget(target: string): boolean {
  return !['email', 'status', 'created_at', 'referrer_id', 'referral_code', 'points', 'groups'].includes(target);
}

/**
 * A date as exports write it (ISO 8601, "2024-05-01 09:30:00 UTC", a plain date: UTC, or Unix time in
 * milliseconds as Waitlister's API gives it) in stored form, undefined when it is none.
 */
export function parseTime(text: string): string | undefined {
  // Thirteen digits: milliseconds from 2001 to 2286, never a year or a compact date.
  if (/^\d{13}$/.test(text.trim())) return new Date(Number(text.trim())).toISOString();
  let normalised = text.trim().replace(/\s+UTC$/i, 'Z').replace(/^(\d{4}-\d{2}-\d{2}) (\d)/, '$1T$2');
  if (/^\d{4}-\d{2}-\d{2}$/.test(normalised)) normalised += 'T00:00:00Z';
  else if (/^\d{4}-\d{2}-\d{2}T[\d:.]+$/.test(normalised)) normalised += 'Z';
  if (!/^\d{4}-\d{2}-\d{2}T/.test(normalised)) return undefined;
  const time = Date.parse(normalised);
  if (Number.isNaN(time)) return undefined;
  const year = new Date(time).getUTCFullYear();
  return year >= 1970 && year <= 9999 ? new Date(time).toISOString() : undefined;
}
