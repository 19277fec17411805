// Fraud rules tried on the past (docs/fraud.md, "Try a rule on the past"): a beta's testers replayed
// in signup order under proposed settings, each signup checked as the service would check it now,
// with the rules' own functions. A tester the replay refuses is taken out of what later signups are
// checked against (the signups from an IP or a subnet, the first of a mailbox, a referrer), as a
// refused signup would never have been stored. Pure: the job (fraud-simulations.service.ts) reads
// the rows and keeps the outcome.
import { blockedIpMatcher, type BetaSettings } from '../betas/beta-settings.ts';
import { countryRefused } from '../signup-guard/signup-guard.ts';
import { subnetOf } from '../signup-guard/subnets.ts';
import { groupOf, timeOf, type WaitlistOrder } from '../waitlist/standings.ts';
import { aliasProviderOf } from './email-alias.ts';
import {
  disposableDomainOf,
  emailDomainBlocked,
  FraudFlagNames,
  manySignupsFromIp,
  referralFlags,
  refusesInBlockMode,
  refusesSignalledSignups,
  SIGNUPS_FROM_IP_WINDOW_SECONDS,
  SUBNET_BURST_SIGNUPS,
  SUBNET_BURST_WINDOW_SECONDS,
  subnetBurst,
  type FraudFlag,
  type ReferrerFacts,
} from './fraud-signals.ts';

/** The settings a simulation may propose: the beta's fraud and signup rules, by their settings' names. */
export const SIMULATED_SETTINGS = [
  'blocked_email_domains',
  'blocked_ips',
  'block_disposable_email_domains',
  'max_signups_per_ip_per_day',
  'max_signups_per_subnet_per_hour',
  'signup_countries_allowed',
  'signup_countries_blocked',
  'fraud_mode',
] as const;

/** What a simulation keeps of the beta's settings: those tried, and what orders the waitlist. */
export type SimulatedSettings = Pick<BetaSettings, (typeof SIMULATED_SETTINGS)[number] | 'waitlist_order' | 'referral_points'>;

/** Rules that refuse a signup, in the order the service checks them, then the flags. */
const REFUSING_RULES = [
  'signup_countries',
  'max_signups_per_subnet_per_hour',
  'blocked_email_domains',
  'block_disposable_email_domains',
  'blocked_ips',
  'max_signups_per_ip_per_day',
] as const;
export const SimulatedRules = [...REFUSING_RULES, ...FraudFlagNames] as const;
export type SimulatedRule = (typeof SimulatedRules)[number];

/** Testers shown per rule and outcome. */
export const EXAMPLES_PER_RULE = 5;
const SUBNET_WINDOW_MS = SUBNET_BURST_WINDOW_SECONDS * 1000;
const IP_WINDOW_MS = SIGNUPS_FROM_IP_WINDOW_SECONDS * 1000;
/** Checks between sweeps of the IPs and subnets whose windows have emptied. */
const SWEEP_EVERY = 65_536;

/** What the replay reads of a tester, with its stored referrer's facts. */
export interface ReplayedTester {
  id: number;
  email: string;
  email_normalized: string;
  email_alias_key: string | null;
  signup_ip: string | null;
  /** The signup's network as stored (an IPv6 signup's /48 too); null before migration 047. */
  signup_subnet: string | null;
  signup_user_agent: string | null;
  country: string | null;
  created_at: string;
  status: string;
  hidden: number;
  applied_at: string | null;
  share_signups_count: number;
  points: number;
  priority: number;
  referrer_id: number | null;
  referral_credited_at: string | null;
  referral_accepted_at: string | null;
  referral_reversed_at: string | null;
  referral_held: number;
  imported_at: string | null;
  /** The stored referrer's facts (null without one). */
  referrer_email: string | null;
  referrer_signup_ip: string | null;
  referrer_signup_user_agent: string | null;
  referrer_fraud_flags: string | null;
}

export type Outcome = 'flagged' | 'held' | 'refused';

export interface SimulationExample {
  tester_id: number;
  email: string;
  outcome: Outcome;
  reason: string;
}

export interface RuleOutcome {
  rule: SimulatedRule;
  flagged: number;
  held: number;
  refused: number;
  examples: SimulationExample[];
}

/** An earlier tester with the mailbox of a later one (the first that is not refused flags the rest). */
export interface MailboxSharer {
  id: number;
  email: string;
}

/** Signup times of one IP or subnet within its window, oldest first. */
class Window {
  readonly #times: number[] = [];
  constructor(private readonly spanMs: number) {}

  /** Signups kept within the span before `at`. */
  countBefore(at: number): number {
    while (this.#times.length > 0 && this.#times[0] <= at - this.spanMs) this.#times.shift();
    return this.#times.length;
  }

  add(at: number): void {
    this.#times.push(at);
  }

  emptyAt(at: number): boolean {
    return this.countBefore(at) === 0;
  }
}

/** Signup windows by key (an IP, a subnet), the emptied ones swept now and then. */
class Windows {
  readonly #byKey = new Map<string, Window>();
  constructor(private readonly spanMs: number) {}

  /** Signups from `key` kept within the span before `at`. */
  countBefore(key: string, at: number): number {
    return this.#byKey.get(key)?.countBefore(at) ?? 0;
  }

  add(key: string, at: number): void {
    let window = this.#byKey.get(key);
    if (!window) this.#byKey.set(key, (window = new Window(this.spanMs)));
    window.add(at);
  }

  sweep(at: number): void {
    for (const [key, window] of this.#byKey) if (window.emptyAt(at)) this.#byKey.delete(key);
  }
}

/** A beta's testers checked one by one in signup (id) order under `settings`. */
export class FraudReplay {
  readonly #settings: SimulatedSettings;
  readonly #ipBlocked: (ip: string) => boolean;
  readonly #mailboxes: ReadonlyMap<string, readonly MailboxSharer[]>;
  readonly #refused = new Set<number>();
  readonly #fromIp = new Windows(IP_WINDOW_MS);
  readonly #fromSubnet = new Windows(SUBNET_WINDOW_MS);
  readonly #outcomes = new Map<SimulatedRule, RuleOutcome>(SimulatedRules.map((rule) => [rule, { rule, flagged: 0, held: 0, refused: 0, examples: [] }]));
  /** Per referrer, credited referrals the settings would add (positive) or take back (negative). */
  readonly creditChanges = new Map<number, number>();
  #checked = 0;

  /** `mailboxes`: per mailbox key shared by several testers of the beta, those testers by id. */
  constructor(settings: SimulatedSettings, mailboxes: ReadonlyMap<string, readonly MailboxSharer[]>) {
    this.#settings = settings;
    this.#ipBlocked = blockedIpMatcher(settings.blocked_ips);
    this.#mailboxes = mailboxes;
  }

  get checked(): number {
    return this.#checked;
  }

  isRefused(testerId: number): boolean {
    return this.#refused.has(testerId);
  }

  outcomes(): RuleOutcome[] {
    return [...this.#outcomes.values()];
  }

  /**
   * A tester that never went through the signup's rules (an imported one): not checked, but there
   * for the signups after it, as its row is for the rules.
   */
  keep(tester: ReplayedTester): void {
    this.#counted(tester.signup_ip, subnetOfTester(tester), Date.parse(tester.created_at));
  }

  check(tester: ReplayedTester): void {
    const at = Date.parse(tester.created_at);
    if (++this.#checked % SWEEP_EVERY === 0) {
      this.#fromIp.sweep(at);
      this.#fromSubnet.sweep(at);
    }
    const ip = tester.signup_ip;
    const subnet = subnetOfTester(tester);
    const disposable = disposableDomainOf(tester.email_normalized);
    const refusal = this.#refusal(tester, ip, subnet, at, disposable);
    if (refusal) {
      this.#refuse(tester, refusal.rule, refusal.reason);
      return;
    }
    const referrer = tester.referrer_email !== null && !this.#refused.has(tester.referrer_id!) ? referrerFacts(tester) : null;
    const flags = this.#flags(tester, ip, subnet, at, referrer, disposable);
    // Block mode refuses the referral outright, under each flag that refuses it.
    const refusing = referrer && this.#settings.fraud_mode === 'block' ? flags.filter(refusesInBlockMode) : [];
    if (refusing.length > 0) {
      for (const flag of refusing) this.#note(flag.name, 'refused', tester, flag.reason);
      this.#refused.add(tester.id);
      this.#changeCredit(tester, false);
      return;
    }
    this.#counted(ip, subnet, at);
    // A flagged referral waits for the owner; anything else flagged is only marked.
    for (const flag of flags) this.#note(flag.name, referrer ? 'held' : 'flagged', tester, flag.reason);
    this.#changeCredit(tester, referrer !== null && flags.length === 0);
  }

  #refusal(tester: ReplayedTester, ip: string | null, subnet: string | null, at: number, disposable: string | undefined): { rule: SimulatedRule; reason: string } | null {
    const settings = this.#settings;
    const { signup_countries_allowed: allowed, signup_countries_blocked: blocked } = settings;
    if ((allowed.length > 0 || blocked.length > 0) && countryRefused(tester.country?.toUpperCase() ?? null, allowed, blocked)) {
      return { rule: 'signup_countries', reason: tester.country ? `Signed up from ${tester.country.toUpperCase()}` : 'Signed up from an unknown country' };
    }
    const perSubnet = settings.max_signups_per_subnet_per_hour;
    if (subnet && perSubnet !== null && this.#fromSubnet.countBefore(subnet, at) >= perSubnet) {
      return { rule: 'max_signups_per_subnet_per_hour', reason: `More than ${perSubnet} signups from ${subnet} within an hour` };
    }
    if (emailDomainBlocked(tester.email_normalized, settings.blocked_email_domains)) {
      return { rule: 'blocked_email_domains', reason: `${tester.email_normalized.slice(tester.email_normalized.lastIndexOf('@') + 1)} is a blocked domain` };
    }
    const refusesSignalled = refusesSignalledSignups(settings.fraud_mode);
    if (disposable && settings.block_disposable_email_domains && refusesSignalled) {
      return { rule: 'block_disposable_email_domains', reason: `${disposable} is a disposable e-mail domain` };
    }
    if (ip && this.#ipBlocked(ip)) return { rule: 'blocked_ips', reason: `${ip} is blocked` };
    const perIp = settings.max_signups_per_ip_per_day;
    if (ip && perIp !== null && refusesSignalled && this.#fromIp.countBefore(ip, at) >= perIp) {
      return { rule: 'max_signups_per_ip_per_day', reason: `More than ${perIp} signups from ${ip} within 24 hours` };
    }
    return null;
  }

  /** The flags the signup would carry: signupFlags' rules, against the testers the replay kept. */
  #flags(tester: ReplayedTester, ip: string | null, subnet: string | null, at: number, referrer: ReferrerFacts | null, disposable: string | undefined): FraudFlag[] {
    const flags: FraudFlag[] = referrer ? referralFlags({ ip, userAgent: tester.signup_user_agent }, referrer) : [];
    const provider = aliasProviderOf(tester.email_normalized);
    const first = provider && tester.email_alias_key !== null && this.#mailboxes.get(tester.email_alias_key)?.find((sharer) => sharer.id < tester.id && !this.#refused.has(sharer.id));
    if (provider && first) flags.push({ name: 'email_alias', reason: `Same ${provider.name} mailbox as ${first.email} (${provider.name} ${provider.rule})` });
    if (disposable) flags.push({ name: 'disposable_email_domain', reason: `${disposable} is a disposable e-mail domain` });
    const many = ip ? manySignupsFromIp(ip, this.#fromIp.countBefore(ip, at), this.#settings.max_signups_per_ip_per_day) : undefined;
    if (many) flags.push(many);
    if (subnet && this.#fromSubnet.countBefore(subnet, at) + 1 >= SUBNET_BURST_SIGNUPS) flags.push(subnetBurst(subnet));
    return flags;
  }

  /** A signup stored: counted for those from its IP and subnet after it. */
  #counted(ip: string | null, subnet: string | null, at: number): void {
    if (ip) this.#fromIp.add(ip, at);
    if (subnet) this.#fromSubnet.add(subnet, at);
  }

  #refuse(tester: ReplayedTester, rule: SimulatedRule, reason: string): void {
    this.#note(rule, 'refused', tester, reason);
    this.#refused.add(tester.id);
    this.#changeCredit(tester, false);
  }

  /**
   * A referral credited today and not credited in the replay takes a credit back from its referrer;
   * one held today that the replay would credit (no flag) adds one. An owner's acceptance or reversal stands.
   */
  #changeCredit(tester: ReplayedTester, credited: boolean): void {
    if (tester.referrer_id === null || tester.referral_accepted_at !== null || tester.referral_reversed_at !== null) return;
    const creditedNow = tester.referral_credited_at !== null;
    const change = creditedNow && !credited ? -1 : !creditedNow && tester.referral_held === 1 && credited ? 1 : 0;
    if (change !== 0) this.creditChanges.set(tester.referrer_id, (this.creditChanges.get(tester.referrer_id) ?? 0) + change);
  }

  #note(rule: SimulatedRule, outcome: Outcome, tester: ReplayedTester, reason: string): void {
    const counted = this.#outcomes.get(rule)!;
    counted[outcome] += 1;
    if (counted.examples.filter((example) => example.outcome === outcome).length < EXAMPLES_PER_RULE) {
      counted.examples.push({ tester_id: tester.id, email: tester.email, outcome, reason });
    }
  }
}

/** The tester's network: as stored, or its IP's for a tester stored before the column was. */
function subnetOfTester(tester: Pick<ReplayedTester, 'signup_ip' | 'signup_subnet'>): string | null {
  return tester.signup_subnet ?? (tester.signup_ip ? subnetOf(tester.signup_ip) : null);
}

function referrerFacts(tester: ReplayedTester): ReferrerFacts {
  return { email: tester.referrer_email!, signup_ip: tester.referrer_signup_ip, signup_user_agent: tester.referrer_signup_user_agent, fraud_flags: tester.referrer_fraud_flags };
}

/** The waitlist as it stands, kept compact: one slot per waitlisted tester, in any order. */
export class WaitlistColumns {
  readonly ids: number[] = [];
  readonly referrals: number[] = [];
  readonly points: number[] = [];
  readonly priorities: number[] = [];
  readonly appliedAt: number[] = [];

  add(tester: Pick<ReplayedTester, 'id' | 'share_signups_count' | 'points' | 'priority' | 'applied_at'>): void {
    this.ids.push(tester.id);
    this.referrals.push(tester.share_signups_count);
    this.points.push(tester.points);
    this.priorities.push(tester.priority);
    this.appliedAt.push(timeOf(tester.applied_at));
  }
}

/**
 * How many of the waitlist's testers would stand elsewhere: those the replay refused (they leave
 * it) and those whose position moves once each referrer's credits change (a credit is the beta's
 * referral points too). The waitlist's own order: the highest manual priority first, then most
 * referrals or points, then earliest applied, then lowest id.
 */
export function positionsChanged(
  order: WaitlistOrder,
  waitlist: WaitlistColumns,
  replay: Pick<FraudReplay, 'isRefused' | 'creditChanges'>,
  referralPoints: number,
): number {
  const { ids, referrals, points, priorities, appliedAt } = waitlist;
  const count = ids.length;
  const groups = (change: (i: number) => number) =>
    Float64Array.from(ids, (_, i) =>
      groupOf(order, { share_signups_count: referrals[i] + change(i), points: points[i] + change(i) * referralPoints, priority: priorities[i] }),
    );
  const ranked = (group: Float64Array, kept: (i: number) => boolean): Int32Array => {
    const indexes: number[] = [];
    for (let i = 0; i < count; i++) if (kept(i)) indexes.push(i);
    indexes.sort((a, b) => group[b] - group[a] || appliedAt[a] - appliedAt[b] || ids[a] - ids[b]);
    const position = new Int32Array(count).fill(-1);
    for (let rank = 0; rank < indexes.length; rank++) position[indexes[rank]] = rank;
    return position;
  };
  const before = ranked(groups(() => 0), () => true);
  const after = ranked(
    groups((i) => replay.creditChanges.get(ids[i]) ?? 0),
    (i) => !replay.isRefused(ids[i]),
  );
  let changed = 0;
  for (let i = 0; i < count; i++) if (before[i] !== after[i]) changed += 1;
  return changed;
}
