// A tester's profile: the input schema, and the rules that validate, normalise and
// derive its values. Pure: the service decides where the values go.
import { isIPv4 } from 'node:net';
import Bowser from 'bowser';
import countries from 'i18n-iso-countries';
import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import Type from 'typebox';
import { Errors, type ErrorEntry } from '../../primitives/errors.ts';
import type { GeoLocator, Place } from './geoip.ts';

export const ProfileFields = [
  'first_name', 'last_name', 'employer', 'jobtitle', 'address_line1', 'address_line2', 'city', 'state',
  'postal_code', 'country', 'locale', 'telephone', 'gender', 'age', 'facebook_username', 'twitter_username',
  'linkedin_username', 'browser_name', 'browser_version', 'os_name', 'os_version', 'ip', 'custom_var1',
  'custom_var2', 'custom_var3', 'http_referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term',
  'utm_content',
] as const; // the output order of the profile object

export type ProfileField = (typeof ProfileFields)[number];
type InputKey = ProfileField | 'user_agent';
export type ProfileInput = Partial<Record<InputKey, string | null>>;
/** Column values to store: only the keys sent, plus the derived ones. */
export type ProfileValues = Partial<Record<InputKey, string | null>>;

const InputKeys: readonly InputKey[] = [...ProfileFields, 'user_agent'];

/** URLs and user agents run long; every other field is a short text. */
export function profileMaxLength(key: InputKey): number {
  return key === 'user_agent' || key === 'http_referrer' ? 2048 : 255;
}

const text = (key: InputKey, description?: string) =>
  Type.Optional(
    Type.Union([Type.String({ maxLength: profileMaxLength(key), ...(description ? { description } : {}) }), Type.Null()]),
  );

const DERIVED_FROM_UA = 'derived from user_agent unless sent';
const DERIVED_FROM_IP = 'filled from the ip address unless sent';

/** The request body's profile object. Unknown fields are ignored, not refused (docs/decisions.md, "Bodies"). */
export const ProfileInputSchema = Type.Object(
  {
    first_name: text('first_name'),
    last_name: text('last_name'),
    employer: text('employer'),
    jobtitle: text('jobtitle'),
    address_line1: text('address_line1'),
    address_line2: text('address_line2'),
    city: text('city', `City; ${DERIVED_FROM_IP}`),
    state: text('state', `State or region; ${DERIVED_FROM_IP}`),
    postal_code: text('postal_code'),
    country: text('country', `ISO 3166-1 alpha-2 code such as "US", any case; ${DERIVED_FROM_IP}`),
    locale: text('locale', 'RFC 5646 language tag such as "en-US"; stored in canonical case'),
    telephone: text('telephone', 'Phone number, international or national to the profile country; stored in E.164'),
    gender: text('gender', 'Male or Female, any case'),
    age: text('age'),
    facebook_username: text('facebook_username'),
    twitter_username: text('twitter_username'),
    linkedin_username: text('linkedin_username'),
    browser_name: text('browser_name', DERIVED_FROM_UA),
    browser_version: text('browser_version', DERIVED_FROM_UA),
    os_name: text('os_name', DERIVED_FROM_UA),
    os_version: text('os_version', DERIVED_FROM_UA),
    ip: text('ip', 'IPv4 address of the tester (used against referral fraud and for geolocation)'),
    custom_var1: text('custom_var1'),
    custom_var2: text('custom_var2'),
    custom_var3: text('custom_var3'),
    http_referrer: text('http_referrer'),
    utm_source: text('utm_source'),
    utm_medium: text('utm_medium'),
    utm_campaign: text('utm_campaign'),
    utm_term: text('utm_term'),
    utm_content: text('utm_content'),
    user_agent: text('user_agent', 'The unmodified User-Agent header of the tester (input only)'),
  },
  { description: 'Profile fields; an empty string unsets a field' },
);

/**
 * Validates and normalises a profile input and derives fields. Returns the column values to
 * write (only keys present in input, plus derived ones) and every problem found. A field with a
 * problem is left out of the values. `storedCountry` is the tester's country before an update:
 * a national phone number sent without a country is read in it.
 */
export function prepareProfile(
  input: ProfileInput,
  deps: { geo: GeoLocator; storedCountry?: string | null },
): { values: ProfileValues; errors: ErrorEntry[] } {
  const errors: ErrorEntry[] = [];
  const fail = (message: string) => errors.push(Errors.testersGeneral.entry(message));

  // Pass 1: each key sent becomes trimmed text or null; wrong types and lengths are refused here.
  const sent = new Map<InputKey, string | null>();
  // Keys sent with a value, valid or not: nothing is derived over them (not even over an error).
  const explicit = new Set<InputKey>();
  for (const key of InputKeys) {
    const raw: unknown = Object.hasOwn(input, key) ? input[key] : undefined;
    if (raw === undefined) continue;
    if (raw === null) {
      sent.set(key, null);
      continue;
    }
    if (typeof raw !== 'string' || raw.trim() !== '') explicit.add(key);
    // Services called without the HTTP schema may pass numbers (age); AJV would have coerced them.
    if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
      fail(`profile.${key} must be a string`);
      continue;
    }
    const value = String(raw).trim();
    const max = profileMaxLength(key);
    if (value.length > max && [...value].length > max) {
      // Code points, as JSON Schema's maxLength counts them.
      fail(`profile.${key} must be at most ${max} characters`);
      continue;
    }
    sent.set(key, value === '' ? null : value);
  }

  // Pass 2: the fields with a format of their own.
  const values: ProfileValues = {};
  for (const [key, value] of sent) {
    if (value === null) {
      values[key] = null;
      continue;
    }
    const result = normalise(key, value, sent, deps.storedCountry ?? null);
    if ('error' in result) errors.push(result.error);
    else values[key] = result.value;
  }

  // What the tester sent explicitly wins over anything derived (docs/decisions.md, "Tester input").
  const missing = (key: InputKey) => !explicit.has(key);

  if (values.ip) {
    const place = locate(deps.geo, values.ip);
    if (place) {
      // A place found is taken as a whole: a field it lacks is cleared rather than left from an older address.
      for (const key of ['city', 'state', 'country'] as const) {
        if (missing(key)) values[key] = place[key];
      }
    }
  }

  if (values.user_agent) {
    const agent = describeUserAgent(values.user_agent);
    // Derived together for the same reason: values from an older user agent would not match it.
    for (const key of ['browser_name', 'browser_version', 'os_name', 'os_version'] as const) {
      if (missing(key)) values[key] = agent[key];
    }
  }

  return { values: ordered(values), errors };
}

type Normalised = { value: string } | { error: ErrorEntry };

function normalise(key: InputKey, value: string, sent: ReadonlyMap<InputKey, string | null>, storedCountry: string | null): Normalised {
  const general = (message: string): Normalised => ({ error: Errors.testersGeneral.entry(message) });
  switch (key) {
    case 'country': {
      const code = value.toUpperCase();
      return isCountryCode(code)
        ? { value: code }
        : general(`profile.country must be a two-letter ISO 3166-1 code (e.g. "US"), got "${value}"`);
    }
    case 'locale': {
      try {
        const [canonical] = Intl.getCanonicalLocales(value);
        if (canonical) return { value: canonical };
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
      }
      return general(`profile.locale must be an RFC 5646 language tag (e.g. "en-US"), got "${value}"`);
    }
    case 'gender': {
      const lower = value.toLowerCase();
      if (lower === 'male') return { value: 'Male' };
      if (lower === 'female') return { value: 'Female' };
      return general(`profile.gender must be "Male" or "Female", got "${value}"`);
    }
    case 'telephone': {
      // A national number is read in the profile's own country, when that country is valid.
      const country = (sent.has('country') ? sent.get('country') : storedCountry)?.toUpperCase();
      const defaultCountry = country && isCountryCode(country) && isSupportedCountry(country) ? country : undefined;
      // `max` metadata checks the digits, not only the length; `extract: false` refuses surrounding text.
      const phone = parsePhoneNumberFromString(value, { defaultCountry, extract: false });
      return phone?.isValid()
        ? { value: phone.number }
        : { error: Errors.phoneInvalid.entry() };
    }
    case 'ip':
      return isIPv4(value) ? { value } : { error: Errors.ipInvalid.entry() };
    default:
      return { value };
  }
}

function isCountryCode(code: string): boolean {
  // isValid also takes alpha-3 and numeric codes; the interface takes alpha-2 only.
  return /^[A-Z]{2}$/.test(code) && countries.isValid(code);
}

function locate(geo: GeoLocator, ip: string): Place | null {
  let place: Place | null;
  try {
    place = geo.locate(ip);
  } catch {
    // Geolocation is a convenience: it never fails a signup.
    return null;
  }
  if (!place) return null;
  const country = fit('country', place.country)?.toUpperCase() ?? null;
  const clean: Place = {
    city: fit('city', place.city),
    state: fit('state', place.state),
    country: country !== null && isCountryCode(country) ? country : null,
  };
  return clean.city === null && clean.state === null && clean.country === null ? null : clean;
}

function describeUserAgent(userAgent: string): Pick<ProfileValues, 'browser_name' | 'browser_version' | 'os_name' | 'os_version'> {
  try {
    const parser = Bowser.getParser(userAgent);
    const browser = parser.getBrowser();
    const os = parser.getOS();
    return {
      browser_name: fit('browser_name', browser.name),
      browser_version: fit('browser_version', browser.version),
      os_name: fit('os_name', os.name),
      os_version: fit('os_version', os.version),
    };
  } catch {
    // An agent the parser cannot read tells us nothing; it is not the tester's error.
    return { browser_name: null, browser_version: null, os_name: null, os_version: null };
  }
}

/** Derived text as a stored value: trimmed, empty or too long for the column → null. */
function fit(key: InputKey, value: string | null | undefined): string | null {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return trimmed === '' || [...trimmed].length > profileMaxLength(key) ? null : trimmed;
}

function ordered(values: ProfileValues): ProfileValues {
  const result: ProfileValues = {};
  for (const key of InputKeys) if (key in values) result[key] = values[key];
  return result;
}
