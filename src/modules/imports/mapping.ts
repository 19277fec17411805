// Which column of an imported file fills which field of a tester (docs/import.md). By default a
// column named like a tester's JSON field fills it (`first_name` or `profile.first_name`,
// `responses.<question id>`, a question's text); a preset names the columns of another service's
// export; a mapping given with the import renames any column, or ignores it (null). Pure.
import type { QuestionRow } from '../../db/tables/betas.ts';
import { ProfileFields } from '../testers/profile.ts';

/** What a column fills: a field of the tester, or the answer to a question (`responses.<id>`). */
export type ImportTarget = string;

export interface ImportColumn {
  index: number;
  header: string;
  target: ImportTarget;
}

const PLAIN_TARGETS = ['email', 'status', 'created_at', 'referrer_id', 'referral_code', 'points', 'groups'] as const;
const PROFILE_TARGETS: readonly string[] = [...ProfileFields, 'user_agent'];

/**
 * Columns this service's own export writes that an import does not take (they are computed):
 * ignored without a warning, so an export imports again as it is.
 */
const COMPUTED_COLUMNS = new Set([
  'id', 'uuid', 'invitation_code', 'share_clicks_count', 'share_signups_count', 'friend_invitations_count', 'hidden',
  'waitlist_position', 'waitlist_ahead', 'waitlist_behind', 'waitlist_length', 'share_link', 'status_page_url',
  'updated_at', 'applied_at', 'invited_at', 'joined_at', 'imported_at', 'unsubscribed_at', 'last_checkin_at', 'fraud.referral',
  'referral_channel',
]);

/** Other names a column is known by: the export's `referred_by` holds the referrer's e-mail. */
const ALIASES: Record<string, ImportTarget> = { referred_by: 'referrer_id', joined_at: 'created_at', signup_date: 'created_at' };

/**
 * Presets: another service's export columns (compared without case) and the field each fills, or
 * null for a column it computes (ignored without a warning). Columns they do not name fall back
 * to the default rule. docs/import.md lists them.
 */
export const PRESETS: Record<string, Record<string, ImportTarget | null>> = {
  prefinery: {
    email: 'email', 'first name': 'first_name', 'last name': 'last_name', status: 'status', 'created at': 'created_at',
    'joined at': 'created_at', 'referred by': 'referrer_id', 'referrer email': 'referrer_id', 'referral code': 'referral_code',
    points: 'points', groups: 'groups', employer: 'employer', company: 'employer', 'job title': 'jobtitle',
    'address line 1': 'address_line1', 'address line 2': 'address_line2', city: 'city', state: 'state',
    'postal code': 'postal_code', country: 'country', locale: 'locale', telephone: 'telephone', phone: 'telephone',
    gender: 'gender', age: 'age', 'facebook username': 'facebook_username', 'twitter username': 'twitter_username',
    'linkedin username': 'linkedin_username', 'ip address': 'ip', 'user agent': 'user_agent', 'custom var 1': 'custom_var1',
    'custom var 2': 'custom_var2', 'custom var 3': 'custom_var3', 'http referrer': 'http_referrer', 'utm source': 'utm_source',
    'utm medium': 'utm_medium', 'utm campaign': 'utm_campaign', 'utm term': 'utm_term', 'utm content': 'utm_content',
    id: null, 'share signups': null, 'share clicks': null, 'referral link': null, 'waitlist position': null, 'invitation code': null,
  },
  growsurf: {
    // A participant's id is what "Referred By" names and what its share links carry: kept as the referral code.
    id: 'referral_code', email: 'email', 'first name': 'first_name', 'last name': 'last_name', 'referred by': 'referrer_id',
    'referrer email': 'referrer_id', 'created at': 'created_at', 'date joined': 'created_at', 'ip address': 'ip',
    'referral count': null, 'monthly referral count': null, rank: null, 'share url': null, 'referral source': null, 'fraud risk level': null,
  },
  viralloops: {
    email: 'email', 'first name': 'first_name', firstname: 'first_name', 'last name': 'last_name', lastname: 'last_name',
    'referral code': 'referral_code', referralcode: 'referral_code', 'referred by': 'referrer_id', referredby: 'referrer_id',
    'created at': 'created_at', createdat: 'created_at', points: 'points', referrals: null, 'referral link': null, referrallink: null,
  },
  // The fields of a lead in KickoffLabs' API (no CSV layout is published). social_id is what its
  // referral links carry (?kid=…); the lead that referred another is not among the documented fields.
  kickofflabs: {
    email: 'email', first_name: 'first_name', family_name: 'last_name', social_id: 'referral_code', contest_score: 'points',
    when: 'created_at', ip: 'ip', phone_number: 'telephone', referrer: 'http_referrer',
    id: null, rank: null, rank_relative_position: null, counter: null, lead_count: null, contest_score_rank: null,
    contest_score_rank_relative_position: null, campaign_id: null, list_id: null, avatar: null, display_name: null, social_url: null,
    redirect_url: null, thankyou_url: null, status_url: null, unsubscribe_url: null, referrals: null, unverified_leads: null,
    verified_leads: null, influence: null, subscription_number: null, completed_actions: null, enhanced: null, anonymous: null,
    verified: null, verified_email: null, verified_phone_number: null, waitlisted: null, fraudulent: null, opted_out: null,
  },
  // The fields of a subscriber in Waitlister's API (its export's columns are not published); joined_at is Unix milliseconds.
  waitlister: {
    email: 'email', name: 'first_name', phone: 'telephone', points: 'points', referral_code: 'referral_code', referred_by: 'referrer_id',
    referring_domain: 'http_referrer', country: 'country', city: 'city', joined_at: 'created_at',
    id: null, deliverability: null, position: null, referral_count: null, timezone: null, joined_with: null,
  },
  // The fields of a Signup in GetWaitlist's API (its export's columns are not published).
  getwaitlist: {
    email: 'email', first_name: 'first_name', last_name: 'last_name', phone: 'telephone', created_at: 'created_at',
    referral_token: 'referral_code', referred_by_signup_token: 'referrer_id',
    amount_referred: null, priority: null, referral_link: null, uuid: null, verified: null, removed_date: null, removed_priority: null,
  },
};

export type PresetName = keyof typeof PRESETS;

export interface MappingResult {
  columns: ImportColumn[];
  /** Columns read by nobody, and why: shown as warnings on line 1. */
  ignored: string[];
  /** What makes the file impossible to import as mapped: nothing is imported. */
  problems: string[];
}

/**
 * The columns of `header` and what each fills, by `mapping` (column → target, null ignores it),
 * then `preset`, then the default rule.
 */
export function mapColumns(
  header: readonly string[],
  options: { mapping?: Record<string, string | null>; preset?: string },
  questions: readonly QuestionRow[],
): MappingResult {
  const problems: string[] = [];
  const ignored: string[] = [];
  const columns: ImportColumn[] = [];
  const preset = options.preset ? PRESETS[options.preset] : undefined;
  if (options.preset && !preset) problems.push(`preset must be one of ${Object.keys(PRESETS).join(', ')}; got "${options.preset}"`);
  const mapping = options.mapping ?? {};
  for (const column of Object.keys(mapping)) {
    if (!header.includes(column)) problems.push(`mapping names the column "${column}", which the file's header does not have`);
  }
  const seen = new Map<ImportTarget, string>();
  header.forEach((raw, index) => {
    const headerText = raw.trim();
    let target: ImportTarget | null | undefined;
    if (Object.hasOwn(mapping, raw)) {
      const given = mapping[raw];
      target = given === null || given === '' ? null : targetOf(given, questions);
      if (target === undefined) problems.push(`mapping sends the column "${raw}" to "${given}", which is not a field of a tester`);
      if (!target) return;
    } else {
      const name = headerText.toLowerCase();
      if (preset && Object.hasOwn(preset, name) && preset[name] === null) return;
      target = preset?.[name] ?? targetOf(headerText, questions);
      if (target === undefined) {
        if (name.startsWith('responses.')) problems.push(`column "${headerText}" names no question of this beta`);
        else if (!COMPUTED_COLUMNS.has(name) && !COMPUTED_COLUMNS.has(name.replace(/^profile\./, ''))) {
          ignored.push(`column "${headerText}" is not imported: it names no field of a tester (give a mapping to import it)`);
        }
        return;
      }
    }
    const earlier = seen.get(target);
    if (earlier !== undefined) {
      problems.push(`columns "${earlier}" and "${headerText}" both fill ${target}`);
      return;
    }
    seen.set(target, headerText);
    columns.push({ index, header: headerText, target });
  });
  if (!seen.has('email')) problems.push('the file has no e-mail column: name one "email", or map a column to email');
  return { columns, ignored, problems };
}

/** The target a name means: a field, `profile.<field>`, `responses.<id>`, or a question's text. */
function targetOf(name: string, questions: readonly QuestionRow[]): ImportTarget | undefined {
  const lower = name.trim().toLowerCase();
  const plain = lower.startsWith('profile.') ? lower.slice('profile.'.length) : lower;
  if ((PLAIN_TARGETS as readonly string[]).includes(plain) || PROFILE_TARGETS.includes(plain)) return plain;
  if (ALIASES[plain]) return ALIASES[plain];
  const response = /^responses\.(\d{1,15})$/.exec(lower);
  if (response) return questions.some((q) => q.id === Number(response[1])) ? `responses.${response[1]}` : undefined;
  const question = questions.find((q) => q.prompt.trim().toLowerCase() === lower);
  return question ? `responses.${question.id}` : undefined;
}
