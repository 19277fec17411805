// The fields of a beta's public signup form: the e-mail address, the profile fields its
// settings.required_fields ask for, and (separately) its questions. Pure: the pages and the
// embeddable form render the same list.
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import type { BetaSettings } from '../betas/beta-settings.ts';
import type { ProfileField } from '../testers/profile.ts';

export interface SignupField {
  name: ProfileField;
  label: string;
  /** Whether the form marks it required; the service's rule decides (a name is first or last). */
  required: boolean;
  /** The HTML autocomplete token, so phones fill it in. */
  autocomplete: string;
  /** `country` is chosen from a list of ISO 3166-1 codes. */
  input: 'text' | 'country';
}

const FIELDS_BY_RULE: Record<BetaSettings['required_fields'][number], SignupField[]> = {
  name: [
    { name: 'first_name', label: 'First name', required: true, autocomplete: 'given-name', input: 'text' },
    { name: 'last_name', label: 'Last name', required: false, autocomplete: 'family-name', input: 'text' },
  ],
  employer: [{ name: 'employer', label: 'Company', required: true, autocomplete: 'organization', input: 'text' }],
  jobtitle: [{ name: 'jobtitle', label: 'Job title', required: true, autocomplete: 'organization-title', input: 'text' }],
  address: [
    { name: 'address_line1', label: 'Address', required: true, autocomplete: 'address-line1', input: 'text' },
    { name: 'address_line2', label: 'Address line 2', required: false, autocomplete: 'address-line2', input: 'text' },
    { name: 'city', label: 'City', required: false, autocomplete: 'address-level2', input: 'text' },
    { name: 'postal_code', label: 'Postal code', required: false, autocomplete: 'postal-code', input: 'text' },
  ],
  country: [{ name: 'country', label: 'Country', required: true, autocomplete: 'country', input: 'country' }],
};

/** The profile fields a visitor fills in, in the order of the beta's required_fields. */
export function signupFields(settings: Pick<BetaSettings, 'required_fields'>): SignupField[] {
  return settings.required_fields.flatMap((rule) => FIELDS_BY_RULE[rule]);
}

/** Profile fields a visitor's form carries besides those it shows: where the visitor came from. */
export const TRACKING_FIELDS = ['http_referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

let countryList: { code: string; name: string }[] | undefined;

/** Every ISO 3166-1 alpha-2 country with its English name, by name. */
export function countryChoices(): { code: string; name: string }[] {
  if (!countryList) {
    countries.registerLocale(createRequire(import.meta.url)('i18n-iso-countries/langs/en.json'));
    countryList = Object.entries(countries.getNames('en', { select: 'official' }))
      .map(([code, name]) => ({ code, name }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }
  return countryList;
}
