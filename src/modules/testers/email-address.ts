// E-mail addresses as the service takes them: trimmed, compared case-insensitively, valid when
// they have one @, a dotted domain and no spaces, specials or invisible characters, at most 254
// characters.

const EMAIL_PATTERN = /^[^\s@"<>(),;:\\[\]]+@[^\s@"<>(),;:\\[\]]+\.[^\s@"<>(),;:\\[\]]+$/;
// Control (Cc) and format (Cf) characters: bidi overrides such as U+202E make an address read
// differently from what it is (and from what a mail server would take), zero-width ones make two
// addresses that look the same; no mailbox needs them.
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;
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
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email) && !INVISIBLE.test(email);
}

const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

export function invalidEmailMessage(email: string): string {
  // Shown as is, an invisible character would reorder or hide part of the message: it is spelled out.
  const shown = JSON.stringify(email.slice(0, 80).replace(new RegExp(INVISIBLE.source, 'gu'), (char) => `<${codePoint(char)}>`));
  const invisible = INVISIBLE.exec(email);
  const reason = invisible ? `: it contains the invisible character ${codePoint(invisible[0])}` : '';
  return `Email ${shown} is not a valid e-mail address${reason}`;
}
