// E-mail addresses as the service takes them: trimmed, compared case-insensitively, valid when
// they have one @, a dotted domain and no spaces or specials, at most 254 characters.

const EMAIL_PATTERN = /^[^\s@"<>(),;:\\[\]]+@[^\s@"<>(),;:\\[\]]+\.[^\s@"<>(),;:\\[\]]+$/;
const MAX_EMAIL_LENGTH = 254;

export interface EmailAddress {
  /** As given, trimmed: what the API shows. */
  email: string;
  /** Lower-cased: what uniqueness and lookups use. */
  normalized: string;
}

/** The address, or null when nothing but blanks was sent. */
export function normalizeEmail(email: string | undefined | null): EmailAddress | null {
  const trimmed = email?.trim() ?? '';
  return trimmed ? { email: trimmed, normalized: trimmed.toLowerCase() } : null;
}

export function isValidEmail(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email);
}

export function invalidEmailMessage(email: string): string {
  return `Email ${JSON.stringify(email.slice(0, 80))} is not a valid e-mail address`;
}
