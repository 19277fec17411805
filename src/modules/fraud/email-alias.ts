// E-mail aliases: addresses a provider delivers to one mailbox, such as Gmail's
// `j.doe+beta@gmail.com` and `jdoe@gmail.com`. Only providers known to ignore these parts are
// folded: elsewhere a dot or a `+` may be part of a different person's address. Every tester's key
// is stored (email_alias_key); migration 008 keyed the testers before it with a frozen copy of
// these rules, so a change here needs a migration of its own that recomputes the stored keys.

export interface AliasProvider {
  name: string;
  /** Every domain of one mailbox namespace; the first is the canonical one. */
  domains: readonly string[];
  /** Characters the provider ignores in the local part. */
  ignored: RegExp | null;
  /** What the provider ignores, for the flag's reason. */
  rule: string;
}

/** Documented in docs/fraud.md; keep the two in step. */
export const ALIAS_PROVIDERS: readonly AliasProvider[] = [
  { name: 'Gmail', domains: ['gmail.com', 'googlemail.com'], ignored: /\./g, rule: 'ignores dots and +tags' },
  // Proton ignores dots, hyphens and underscores in usernames across its domains.
  { name: 'Proton Mail', domains: ['proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me'], ignored: /[._-]/g, rule: 'ignores dots, hyphens, underscores and +tags' },
  { name: 'iCloud Mail', domains: ['icloud.com', 'me.com', 'mac.com'], ignored: null, rule: 'ignores +tags' },
  // Outlook.com's domains are separate namespaces: jo@hotmail.com is not jo@outlook.com.
  ...['outlook.com', 'hotmail.com', 'live.com', 'msn.com'].map((domain) => ({ name: 'Outlook.com', domains: [domain], ignored: null, rule: 'ignores +tags' })),
  { name: 'Fastmail', domains: ['fastmail.com'], ignored: null, rule: 'ignores +tags' },
];

const providerByDomain = new Map(ALIAS_PROVIDERS.flatMap((provider) => provider.domains.map((domain) => [domain, provider] as const)));

/** The provider whose rules fold this (lower-cased) address, if any. */
export function aliasProviderOf(normalizedEmail: string): AliasProvider | undefined {
  return providerByDomain.get(normalizedEmail.slice(normalizedEmail.lastIndexOf('@') + 1));
}

/**
 * The mailbox a lower-cased address reaches: what its provider ignores removed and its domain made
 * canonical. Any other provider's address is its own key.
 */
export function emailAliasKey(normalizedEmail: string): string {
  const provider = aliasProviderOf(normalizedEmail);
  if (!provider) return normalizedEmail;
  const at = normalizedEmail.lastIndexOf('@');
  let local = normalizedEmail.slice(0, at);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (provider.ignored) local = local.replace(provider.ignored, '') || local;
  return `${local}@${provider.domains[0]}`;
}
