// Fraud signals (docs/decisions.md, "Fraud signals"): named flags, each with a one-line reason,
// computed when a tester signs up (or is given a referrer) from what the signup's transaction
// already has at hand: the referrer's row, one indexed lookup of the address's mailbox and the
// counts of recent signups from the IP and from its subnet. A flagged referral is held (not
// credited) until the campaign owner accepts it; in `block` mode an alias or same-device referral is
// refused outright, and so are signups past the per-IP limit or at a disposable domain the beta
// refuses (flag mode queues those).
import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';
import { ApiError, Errors } from '../../primitives/errors.ts';
import { compiled, compiledVariants } from '../../db/engine/compiled.ts';
import type { Executor } from '../../db/executor.ts';
import type { TesterRow } from '../../db/tables/testers.ts';
import { aliasProviderOf, emailAliasKey } from './email-alias.ts';

/** In the order a tester's flags are shown. */
export const FraudFlagNames = [
  'same_device_as_referrer',
  'same_ip_as_referrer',
  'referral_chain_from_one_ip',
  'email_alias',
  'disposable_email_domain',
  'many_signups_from_ip',
  'subnet_burst',
] as const;
export type FraudFlagName = (typeof FraudFlagNames)[number];

export interface FraudFlag {
  name: FraudFlagName;
  reason: string;
}

export const FraudModes = ['flag', 'block'] as const;
export type FraudMode = (typeof FraudModes)[number];

/** "Many signups from one IP": a signup is flagged when it is at least this one from its IP in the window. */
export const MANY_SIGNUPS_FROM_ONE_IP = 5;
/** The window of "many signups from one IP", the same rolling day as max_signups_per_ip_per_day. */
export const SIGNUPS_FROM_IP_WINDOW_SECONDS = 86_400;

/** "A burst from one subnet": a signup is flagged when it is at least this one from its /24 or /48 in the window. */
export const SUBNET_BURST_SIGNUPS = 20;
/** The window of a subnet burst: the hour of max_signups_per_subnet_per_hour. */
export const SUBNET_BURST_WINDOW_SECONDS = 3600;

/** Flags that block mode refuses on a referral: both say the referral is very likely the referrer's own. */
const REFUSED_IN_BLOCK_MODE: Partial<Record<FraudFlagName, string>> = {
  email_alias: 'the address reaches the same mailbox as a tester already signed up',
  same_device_as_referrer: 'signed up from the same device as the referrer',
};

// Built once: the package's own isDisposableEmailDomain rebuilds its 9,000-entry set on every call.
const disposableDomains = disposableEmailBlocklistSet();

export function emailDomainOf(normalizedEmail: string): string {
  return normalizedEmail.slice(normalizedEmail.lastIndexOf('@') + 1);
}

/** Whether a beta's blocked_email_domains hold the address's domain or a parent of it. */
export function emailDomainBlocked(normalizedEmail: string, blocked: readonly string[]): boolean {
  const domain = emailDomainOf(normalizedEmail);
  return blocked.some((entry) => domain === entry || domain.endsWith(`.${entry}`));
}

/** The disposable domain an address is at (itself or a parent domain), if any. */
export function disposableDomainOf(normalizedEmail: string): string | undefined {
  const labels = emailDomainOf(normalizedEmail).split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    const domain = labels.slice(i).join('.');
    if (disposableDomains.has(domain)) return domain;
  }
  return undefined;
}

/** Signups to count from one origin: those since `since` whose column holds `value`, up to `cap`. */
export interface RecentCount {
  value: string;
  since: string;
  cap: number;
}

/** The count of the signups a RecentCount counts, up to its cap, along the column's index. */
function recentCount(db: Executor, column: 'ip' | 'signup_subnet', betaId: number, count: RecentCount) {
  const rows = db.selectFrom('testers').select('id').where('beta_id', '=', betaId).where(column, '=', count.value).where('created_at', '>', count.since).limit(count.cap);
  return db.selectFrom(rows.as('recent')).select((eb) => eb.fn.countAll<number | string>().as('n'));
}

// A signup with an address runs one of these (db/engine/compiled.ts): both counts, or the one it has an origin for.
const recentFromOne = compiledVariants((column: 'ip' | 'signup_subnet') => (db, p: { betaId: number; count: RecentCount }) => recentCount(db, column, p.betaId, p.count));
const recentFromBoth = compiled((db, p: { betaId: number; ip: RecentCount; subnet: RecentCount }) =>
  db.selectNoFrom([recentCount(db, 'ip', p.betaId, p.ip).as('from_ip'), recentCount(db, 'signup_subnet', p.betaId, p.subnet).as('from_subnet')]),
);

/**
 * Signups to the beta from the new signup's IP and from its subnet, each as its RecentCount says
 * (null: no such origin, none), in one statement. Each count stops at its cap (it only has to
 * reach a limit or a flag's threshold), so a flood costs no more to count.
 */
export async function recentSignupsFrom(trx: Executor, betaId: number, origin: { ip: RecentCount | null; subnet: RecentCount | null }): Promise<EarlierSignups> {
  const { ip, subnet } = origin;
  if (ip && subnet) {
    const counts = await recentFromBoth.firstOrThrow(trx, { betaId, ip, subnet });
    return { fromIp: Number(counts.from_ip), fromSubnet: Number(counts.from_subnet) };
  }
  const one = ip ?? subnet;
  if (!one) return { fromIp: 0, fromSubnet: 0 };
  const { n } = await recentFromOne(ip ? 'ip' : 'signup_subnet').firstOrThrow(trx, { betaId, count: one });
  return ip ? { fromIp: Number(n), fromSubnet: 0 } : { fromIp: 0, fromSubnet: Number(n) };
}

export interface Newcomer {
  emailNormalized: string;
  ip: string | null;
  /** The IPv4 /24 or IPv6 /48 the signup came from. */
  subnet: string | null;
  userAgent: string | null;
}

/** Signups before this one: from its IP in the last day, from its subnet in the last hour (each counted up to its cap). */
export interface EarlierSignups {
  fromIp: number;
  fromSubnet: number;
}

export type ReferrerFacts = Pick<TesterRow, 'email' | 'signup_ip' | 'signup_user_agent' | 'fraud_flags'>;

/**
 * Whether a request comes from the device the tester signed up on: the same IP address and the
 * same user agent string (neither alone: see docs/decisions.md "Fraud signals").
 */
export function isSignupDevice(request: Pick<Newcomer, 'ip' | 'userAgent'>, tester: Pick<TesterRow, 'signup_ip' | 'signup_user_agent'>): boolean {
  return !!request.ip && request.ip === tester.signup_ip && !!request.userAgent && request.userAgent === tester.signup_user_agent;
}

/**
 * Every flag of a new signup. `perIpLimit` is the beta's max_signups_per_ip_per_day. One query at
 * most: the mailbox lookup, for addresses of providers that fold aliases.
 */
export async function signupFlags(
  trx: Executor,
  betaId: number,
  newcomer: Newcomer,
  earlier: EarlierSignups,
  referrer?: ReferrerFacts,
  perIpLimit: number | null = null,
): Promise<FraudFlag[]> {
  const flags: FraudFlag[] = referrer ? referralFlags(newcomer, referrer) : [];
  const provider = aliasProviderOf(newcomer.emailNormalized);
  if (provider) {
    const mailbox = await trx
      .selectFrom('testers')
      .select('email')
      .where('beta_id', '=', betaId)
      .where('email_alias_key', '=', emailAliasKey(newcomer.emailNormalized))
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (mailbox) flags.push({ name: 'email_alias', reason: `Same ${provider.name} mailbox as ${mailbox.email} (${provider.name} ${provider.rule})` });
  }
  const disposable = disposableDomainOf(newcomer.emailNormalized);
  if (disposable) flags.push({ name: 'disposable_email_domain', reason: `${disposable} is a disposable e-mail domain` });
  const many = newcomer.ip ? manySignupsFromIp(newcomer.ip, earlier.fromIp, perIpLimit) : undefined;
  if (many) flags.push(many);
  if (newcomer.subnet && earlier.fromSubnet + 1 >= SUBNET_BURST_SIGNUPS) flags.push(subnetBurst(newcomer.subnet));
  return ordered(flags);
}

/**
 * The many_signups_from_ip flag of a signup that `earlierFromIp` others from `ip` preceded within
 * the window. Past `perIpLimit` (max_signups_per_ip_per_day, which flag mode queues rather than
 * refuses) it says so; otherwise from the MANY_SIGNUPS_FROM_ONE_IP-th on.
 */
export function manySignupsFromIp(ip: string, earlierFromIp: number, perIpLimit: number | null): FraudFlag | undefined {
  if (perIpLimit !== null && earlierFromIp >= perIpLimit) {
    return { name: 'many_signups_from_ip', reason: `More than ${perIpLimit} signups from ${ip} within 24 hours, the beta's limit per IP address` };
  }
  if (earlierFromIp + 1 < MANY_SIGNUPS_FROM_ONE_IP) return undefined;
  // The count stops at the threshold (recentSignupsFrom's cap): "at least" is what it knows.
  return { name: 'many_signups_from_ip', reason: `At least ${MANY_SIGNUPS_FROM_ONE_IP} signups from ${ip} within 24 hours, this one included` };
}

/** The subnet_burst flag; the count stops at the threshold (recentSignupsFrom's cap). */
export function subnetBurst(subnet: string): FraudFlag {
  return { name: 'subnet_burst', reason: `At least ${SUBNET_BURST_SIGNUPS} signups from the network ${subnet} within an hour, this one included` };
}

/**
 * Whether the beta refuses the signups its per-IP limit and disposable domains catch (block mode),
 * rather than storing them flagged, queued for review (flag mode).
 */
export function refusesSignalledSignups(mode: FraudMode): boolean {
  return mode === 'block';
}

/** The flags a referral adds, from the referrer's row alone (no query). */
export function referralFlags(newcomer: Pick<Newcomer, 'ip' | 'userAgent'>, referrer: ReferrerFacts): FraudFlag[] {
  const ip = newcomer.ip;
  if (!ip || ip !== referrer.signup_ip) return [];
  const flags: FraudFlag[] = [];
  // One device implies one IP: the stronger flag alone says both.
  if (isSignupDevice(newcomer, referrer)) {
    flags.push({ name: 'same_device_as_referrer', reason: `Same IP address (${ip}) and browser (user agent) as the referrer ${referrer.email}` });
  } else {
    flags.push({ name: 'same_ip_as_referrer', reason: `Signed up from ${ip}, the IP address the referrer ${referrer.email} signed up from` });
  }
  // The referrer's own flags say whether their referrer shared the IP: three signups in a row from it.
  if (parseFlags(referrer.fraud_flags).some((flag) => flag.name === 'same_ip_as_referrer' || flag.name === 'same_device_as_referrer')) {
    flags.push({
      name: 'referral_chain_from_one_ip',
      reason: `The referrer ${referrer.email} was referred from ${ip} too: three signups in a row from one IP address`,
    });
  }
  return flags;
}

/** Whether block mode refuses a referral that carries `flag` (an alias or same-device flag). */
export function refusesInBlockMode(flag: FraudFlag): boolean {
  return REFUSED_IN_BLOCK_MODE[flag.name] !== undefined;
}

/** In block mode, the error refusing a referral that carries an alias or same-device flag. */
export function refusedReferral(flags: readonly FraudFlag[], mode: FraudMode): ApiError | undefined {
  if (mode !== 'block') return undefined;
  const refused = flags.flatMap((flag) => REFUSED_IN_BLOCK_MODE[flag.name] ?? []);
  if (refused.length === 0) return undefined;
  return ApiError.many(refused.map((why) => Errors.referralRefused.entry(why)));
}

/** Stored flags (a JSON array, or null for none) as shown. */
export function parseFlags(stored: string | null): FraudFlag[] {
  return stored ? (JSON.parse(stored) as FraudFlag[]) : [];
}

/** Flags to store: null for none, so the common tester costs nothing to read. */
export function storedFlags(flags: readonly FraudFlag[]): string | null {
  return flags.length === 0 ? null : JSON.stringify(ordered(flags));
}

function ordered(flags: readonly FraudFlag[]): FraudFlag[] {
  return FraudFlagNames.flatMap((name) => flags.find((flag) => flag.name === name) ?? []);
}
