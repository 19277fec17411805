// A beta's settings (docs/decisions.md, "Betas", "Storage formats"): their schema, defaults and
// merge rule. Stored as one JSON object; a PATCH changes only the keys it sends.
import { randomBytes } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import countries from 'i18n-iso-countries';
import Type, { type Static } from 'typebox';
import { Errors } from '../../primitives/errors.ts';
import { FraudModes } from '../fraud/fraud-signals.ts';

export const RequiredFieldNames = ['name', 'employer', 'jobtitle', 'address', 'country'] as const;
export const WaitlistOrders = ['referrals', 'signup_time', 'points'] as const;
export const SignupChallenges = ['off', 'proof_of_work'] as const;
/** The sending breaker's defaults: paused past 5 % hard bounces or complaints among the last 200 sends. */
export const DEFAULT_BREAKER_WINDOW = 200;
export const DEFAULT_BREAKER_THRESHOLD_PERCENT = 5;
/** A challenge's counter is drawn up to this by default: about a second of a phone's work. */
export const DEFAULT_CHALLENGE_DIFFICULTY = 50_000;

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const BetaSettingsSchema = Type.Object({
  accepting_signups: Type.Boolean({ description: `New testers may sign up (${Errors.signupsClosed.code} otherwise)` }),
  double_opt_in: Type.Boolean({ description: 'Signups confirm their e-mail address before they are applied' }),
  invite_a_friend_enabled: Type.Boolean(),
  friend_invitations_allowed: Type.Integer({ minimum: 0, maximum: 100000, description: 'Allowance of a new tester' }),
  waitlist_order: Type.Enum(WaitlistOrders),
  signup_points: Type.Integer({ minimum: 0, maximum: 1000000 }),
  referral_points: Type.Integer({ minimum: 0, maximum: 1000000 }),
  share_points: Type.Integer({ minimum: 0, maximum: 1000000 }),
  idle_days: Nullable(Type.Integer({ minimum: 1, maximum: 3650 })),
  referral_url: Nullable(Type.String({ maxLength: 2000, pattern: '^https?://' })),
  vanity_referral_codes: Type.Boolean(),
  decoder_key: Type.String({ minLength: 8, maxLength: 128, pattern: '^[\\x21-\\x7e]+$' }),
  required_fields: Type.Array(Type.Enum(RequiredFieldNames), { maxItems: 5 }),
  blocked_email_domains: Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { maxItems: 10000 }),
  blocked_ips: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 10000 }),
  max_signups_per_ip_per_day: Nullable(
    Type.Integer({
      minimum: 1, maximum: 1000000,
      description: `Signups from one IP address past this many within 24 hours are refused in block mode (${Errors.tooManySignupsFromIp.code}), flagged many_signups_from_ip and queued for review in flag mode; null is no limit`,
    }),
  ),
  block_disposable_email_domains: Type.Boolean({
    description: `Addresses at disposable e-mail domains are refused in block mode (${Errors.emailDomainBlocked.code}); in flag mode they are stored, flagged and queued for review, as they are without this setting`,
  }),
  fraud_mode: Type.Enum(FraudModes, {
    description:
      `flag: alias and same-device referrals are flagged and held until accepted, and signups past max_signups_per_ip_per_day or at a disposable domain are flagged and queued for review; ` +
      `block: such referrals are refused (${Errors.referralRefused.code}), and so are those signups when the settings ask (${Errors.tooManySignupsFromIp.code}, ${Errors.emailDomainBlocked.code})`,
  }),
  leaderboard_enabled: Type.Boolean({ description: 'Extension: the public leaderboard (GET /public/betas/{beta_id}/leaderboard, the page /b/{beta_id}/leaderboard) answers; off by default' }),
  leaderboard_size: Type.Integer({ minimum: 1, maximum: 100, description: 'Extension: how many testers the leaderboard shows, from the front of the waitlist' }),
  signup_challenge: Type.Enum(SignupChallenges, {
    description: `Extension: proof_of_work: public signups need a solved challenge from GET /public/betas/{beta_id}/challenge in the field altcha (${Errors.challengeRequired.code}–${Errors.challengeExpired.code} otherwise); API creates are never challenged`,
  }),
  signup_challenge_difficulty: Type.Integer({
    minimum: 1000, maximum: 10_000_000,
    description: `Extension: the challenge's maximum number: the counter a visitor's browser searches up to (${DEFAULT_CHALLENGE_DIFFICULTY.toLocaleString('en-US')} by default)`,
  }),
  max_signups_per_subnet_per_hour: Nullable(Type.Integer({
    minimum: 1, maximum: 1000000,
    description: `Extension: public signups from one IPv4 /24 or IPv6 /48 network in the last hour past which more are refused (${Errors.tooManySignupsFromSubnet.code}); null is off`,
  })),
  signup_countries_allowed: Type.Array(Type.String({ minLength: 2, maxLength: 2 }), {
    maxItems: 300,
    description: `Extension: ISO 3166-1 alpha-2 codes; when any is set, public signups from elsewhere, or from an unknown country, are refused (${Errors.countryRefused.code})`,
  }),
  signup_countries_blocked: Type.Array(Type.String({ minLength: 2, maxLength: 2 }), {
    maxItems: 300,
    description: `Extension: ISO 3166-1 alpha-2 codes public signups are refused from (${Errors.countryRefused.code})`,
  }),
  position_change_interval_minutes: Type.Integer({
    minimum: 0, maximum: 10080,
    description: 'Extension: a tester_position_changed event (and the position_changed e-mail) tells the moves of a tester within this many minutes at once, from the first; 0 tells each move (docs/waitlist.md)',
  }),
  embed_origins: Type.Array(Type.String({ minLength: 1, maxLength: 300 }), {
    maxItems: 100,
    description: `Extension: the https://host[:port] origins the signup form may be used from; public signups and clicks from another Origin are refused (${Errors.originRefused.code}) and the hosted pages may be framed by these alone; empty allows any and frames none`,
  }),
  email_sends_per_minute: Nullable(Type.Integer({
    minimum: 1, maximum: 1_000_000,
    description: 'Extension: e-mails of this beta sent per minute at most, across every process; past it they wait for the next minute, queued (the server\'s EMAIL_SENDS_PER_MINUTE caps all betas together); null is no cap of its own',
  })),
  email_breaker_window: Type.Integer({
    minimum: 20, maximum: 100_000,
    description: `Extension: how many of the beta's most recent sends the sending breaker looks at (${DEFAULT_BREAKER_WINDOW} by default)`,
  }),
  email_breaker_threshold_percent: Type.Number({
    minimum: 0.1, maximum: 100,
    description: `Extension: the beta's sending is paused when hard bounces and complaints pass this share of email_breaker_window sends (${DEFAULT_BREAKER_THRESHOLD_PERCENT} by default); an owner resumes it`,
  }),
});

export type BetaSettings = Static<typeof BetaSettingsSchema>;

/** What create and PATCH accept: the same keys, every one optional (betas.schemas.ts reads them). */
export type BetaSettingsPatch = Partial<BetaSettings>;

/** A decoder key no other beta has: invitation codes made with it are this beta's alone. */
export function newDecoderKey(): string {
  return randomBytes(20).toString('hex');
}

/** A new beta's settings, with a decoder key of its own. */
export function defaultSettings(): BetaSettings {
  return defaultsWithKey(newDecoderKey());
}

function defaultsWithKey(decoderKey: string): BetaSettings {
  return {
    accepting_signups: true,
    double_opt_in: false,
    invite_a_friend_enabled: false,
    friend_invitations_allowed: 5,
    waitlist_order: 'referrals',
    signup_points: 1,
    referral_points: 5,
    share_points: 3,
    idle_days: null,
    referral_url: null,
    vanity_referral_codes: false,
    decoder_key: decoderKey,
    required_fields: [],
    blocked_email_domains: [],
    blocked_ips: [],
    max_signups_per_ip_per_day: null,
    block_disposable_email_domains: false,
    fraud_mode: 'flag',
    leaderboard_enabled: false,
    leaderboard_size: 10,
    signup_challenge: 'off',
    signup_challenge_difficulty: DEFAULT_CHALLENGE_DIFFICULTY,
    max_signups_per_subnet_per_hour: null,
    signup_countries_allowed: [],
    signup_countries_blocked: [],
    position_change_interval_minutes: 60,
    embed_origins: [],
    email_sends_per_minute: null,
    email_breaker_window: DEFAULT_BREAKER_WINDOW,
    email_breaker_threshold_percent: DEFAULT_BREAKER_THRESHOLD_PERCENT,
  };
}

/** Visitors are sent to these URLs: only absolute http(s) ones, never javascript: or data:. */
export function isWebUrl(text: string): boolean {
  return URL.canParse(text) && ['http:', 'https:'].includes(new URL(text).protocol);
}

/** Checks the rules a schema cannot say; returns a message per problem. */
export function settingsProblems(patch: BetaSettingsPatch): string[] {
  const problems: string[] = [];
  for (const entry of patch.blocked_ips ?? []) {
    if (!parseIpRule(entry)) problems.push(`settings.blocked_ips: ${entry} is not an IP address or CIDR range`);
  }
  for (const domain of patch.blocked_email_domains ?? []) {
    if (!/^[a-z0-9.-]+\.[a-z0-9-]+$/i.test(domain.replace(/^@/, ''))) {
      problems.push(`settings.blocked_email_domains: ${domain} is not a domain name`);
    }
  }
  if (patch.referral_url != null && !isWebUrl(patch.referral_url)) {
    problems.push('settings.referral_url must be an absolute http(s) URL');
  }
  for (const key of ['signup_countries_allowed', 'signup_countries_blocked'] as const) {
    for (const code of patch[key] ?? []) {
      if (!isCountryCode(code.toUpperCase())) problems.push(`settings.${key}: ${code} is not an ISO 3166-1 alpha-2 country code (such as DE or US)`);
    }
  }
  for (const origin of patch.embed_origins ?? []) {
    if (embedOrigin(origin) === null) problems.push(`settings.embed_origins: ${origin} is not an origin such as https://example.com or https://example.com:8443 (no path)`);
  }
  return problems;
}

export function mergeSettings(current: BetaSettings, patch: BetaSettingsPatch): BetaSettings {
  const merged = { ...current };
  // Only the schema's keys: the validator leaves unknown ones in place, and they are to be
  // ignored (docs/decisions.md, "Bodies"), not stored.
  for (const key of Object.keys(BetaSettingsSchema.properties)) {
    const value = (patch as Record<string, unknown>)[key];
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  merged.blocked_email_domains = [...new Set(merged.blocked_email_domains.map((d) => d.replace(/^@/, '').toLowerCase()))];
  merged.required_fields = [...new Set(merged.required_fields)];
  merged.signup_countries_allowed = [...new Set(merged.signup_countries_allowed.map((c) => c.toUpperCase()))];
  merged.signup_countries_blocked = [...new Set(merged.signup_countries_blocked.map((c) => c.toUpperCase()))];
  merged.embed_origins = [...new Set(merged.embed_origins.map((o) => embedOrigin(o) ?? o))];
  return merged;
}

/** Stored settings with any key added since they were written filled from the defaults. */
export function parseStoredSettings(json: string): BetaSettings {
  // Every beta stores the key drawn when it was made: drawing one for each read only cost time
  // (3.5 % of a show's CPU).
  return { ...defaultsWithKey(''), ...(JSON.parse(json) as Partial<BetaSettings>) };
}

function isCountryCode(code: string): boolean {
  // isValid also takes alpha-3 and numeric codes; the settings take alpha-2 only.
  return /^[A-Z]{2}$/.test(code) && countries.isValid(code);
}

/**
 * An embed origin as browsers send it in Origin (lower case, no default port), or null for
 * anything but https://host[:port] with nothing after it.
 */
export function embedOrigin(text: string): string | null {
  if (!/^https:\/\/[^/?#\s]+\/?$/i.test(text) || !URL.canParse(text)) return null;
  const url = new URL(text);
  return url.username === '' && url.password === '' ? url.origin : null;
}

function parseIpRule(entry: string): { address: string; prefix?: number; family: 'ipv4' | 'ipv6' } | null {
  const [address, prefixText] = entry.split('/', 2);
  const version = isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (prefixText === undefined) return { address, family };
  const prefix = Number(prefixText);
  if (!/^\d+$/.test(prefixText) || prefix > (version === 4 ? 32 : 128)) return null;
  return { address, prefix, family };
}

/** A matcher for the beta's blocked_ips (addresses and CIDR ranges). */
export function blockedIpMatcher(rules: readonly string[]): (ip: string) => boolean {
  if (rules.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of rules) {
    const rule = parseIpRule(entry);
    if (!rule) continue;
    if (rule.prefix === undefined) list.addAddress(rule.address, rule.family);
    else list.addSubnet(rule.address, rule.prefix, rule.family);
  }
  return (ip) => {
    const version = isIP(ip);
    return version !== 0 && list.check(ip, version === 4 ? 'ipv4' : 'ipv6');
  };
}
