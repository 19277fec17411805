import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Check } from 'typebox/value';
import { openGeoLocator, type GeoLocator, type Place } from '../../../src/modules/testers/geoip.ts';
import {
  prepareProfile,
  ProfileFields,
  ProfileInputSchema,
  type ProfileInput,
} from '../../../src/modules/testers/profile.ts';
import { Errors } from '../../../src/primitives/errors.ts';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const INVALID_IP = { code: Errors.ipInvalid.code, message: 'IP address not valid (must be IPv4)' };
const INVALID_PHONE = { code: Errors.phoneInvalid.code, message: 'Phone number is invalid' };

/** A locator answering from a table, recording what it was asked. */
function fakeGeo(places: Record<string, Place> = {}): GeoLocator & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    locate(ip) {
      asked.push(ip);
      return places[ip] ?? null;
    },
  };
}

const SF: Place = { city: 'San Francisco', state: 'California', country: 'US' };
const noGeo = fakeGeo();
const prepare = (input: ProfileInput, geo: GeoLocator = noGeo) => prepareProfile(input, { geo });

describe('ProfileInputSchema', () => {
  test('has every profile field in output order, then user_agent', () => {
    assert.deepEqual(Object.keys(ProfileInputSchema.properties), [...ProfileFields, 'user_agent']);
    assert.equal(ProfileFields.length, 31);
  });

  test('every field is an optional nullable string, 2048 long for user_agent and http_referrer, 255 otherwise', () => {
    assert.deepEqual(ProfileInputSchema.required ?? [], []);
    assert.equal('additionalProperties' in ProfileInputSchema, false);
    for (const [key, schema] of Object.entries(ProfileInputSchema.properties)) {
      const max = key === 'user_agent' || key === 'http_referrer' ? 2048 : 255;
      assert.equal(Check(ProfileInputSchema, { [key]: 'x'.repeat(max) }), true, key);
      assert.equal(Check(ProfileInputSchema, { [key]: 'x'.repeat(max + 1) }), false, key);
      assert.equal(Check(ProfileInputSchema, { [key]: null }), true, key);
      assert.equal(Check(ProfileInputSchema, { [key]: 5 }), false, key);
      assert.ok(schema, key);
    }
    assert.equal(Check(ProfileInputSchema, {}), true);
    assert.equal(Check(ProfileInputSchema, { unknown_field: 'ignored' }), true);
  });
});

describe('prepareProfile: plain fields', () => {
  test('trims strings, turns empty ones into null, and returns only the keys sent', () => {
    const { values, errors } = prepare({
      first_name: '  Ada ',
      last_name: 'Lovelace',
      employer: '   ',
      jobtitle: '',
      age: ' 36 ',
      custom_var1: null,
      utm_source: 'newsletter',
    });
    assert.deepEqual(errors, []);
    assert.deepEqual(values, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      employer: null,
      jobtitle: null,
      age: '36',
      custom_var1: null,
      utm_source: 'newsletter',
    });
  });

  test('an empty input gives no values and no errors; undefined counts as not sent', () => {
    assert.deepEqual(prepare({}), { values: {}, errors: [] });
    assert.deepEqual(prepare({ first_name: undefined, ip: undefined }), { values: {}, errors: [] });
  });

  test('keys that are not profile fields are left out', () => {
    const input = { first_name: 'Ada', email: 'ada@example.com', status: 'active' } as ProfileInput;
    assert.deepEqual(prepare(input), { values: { first_name: 'Ada' }, errors: [] });
  });

  test('values come out in profile order with user_agent last', () => {
    const { values } = prepare({ utm_content: 'b', user_agent: 'curl/8.4.0', first_name: 'a', os_name: 'X' });
    assert.deepEqual(Object.keys(values), [
      'first_name', 'browser_name', 'browser_version', 'os_name', 'os_version', 'utm_content', 'user_agent',
    ]);
  });

  test('numbers and booleans (callers without the HTTP schema) become strings; objects are refused', () => {
    const input = { age: 42, custom_var1: true, custom_var2: { a: 1 }, custom_var3: ['x'] } as unknown as ProfileInput;
    assert.deepEqual(prepare(input), {
      values: { age: '42', custom_var1: 'true' },
      errors: [
        { code: Errors.testersGeneral.code, message: 'profile.custom_var2 must be a string' },
        { code: Errors.testersGeneral.code, message: 'profile.custom_var3 must be a string' },
      ],
    });
  });

  test('refuses text longer than the limits, counting characters as JSON Schema does', () => {
    const ok = prepare({
      first_name: 'x'.repeat(255),
      last_name: '😀'.repeat(255),
      http_referrer: `https://example.com/${'a'.repeat(2028)}`,
      postal_code: ` ${'1'.repeat(255)} `,
    });
    assert.deepEqual(ok.errors, []);
    assert.equal(ok.values.last_name, '😀'.repeat(255));
    assert.equal(ok.values.http_referrer?.length, 2048);
    assert.equal(ok.values.postal_code, '1'.repeat(255));

    const { values, errors } = prepare({
      first_name: 'x'.repeat(256),
      age: '9'.repeat(256),
      http_referrer: 'h'.repeat(2049),
      user_agent: 'u'.repeat(2049),
      last_name: 'Lovelace',
    });
    assert.deepEqual(values, { last_name: 'Lovelace' });
    assert.deepEqual(errors, [
      { code: Errors.testersGeneral.code, message: 'profile.first_name must be at most 255 characters' },
      { code: Errors.testersGeneral.code, message: 'profile.age must be at most 255 characters' },
      { code: Errors.testersGeneral.code, message: 'profile.http_referrer must be at most 2048 characters' },
      { code: Errors.testersGeneral.code, message: 'profile.user_agent must be at most 2048 characters' },
    ]);
  });
});

describe('prepareProfile: country', () => {
  test('takes ISO 3166-1 alpha-2 codes in any case and stores them upper-case', () => {
    assert.deepEqual(prepare({ country: 'us' }), { values: { country: 'US' }, errors: [] });
    assert.deepEqual(prepare({ country: ' gB ' }), { values: { country: 'GB' }, errors: [] });
    assert.deepEqual(prepare({ country: 'XK' }), { values: { country: 'XK' }, errors: [] });
  });

  test('refuses anything else, alpha-3, numeric codes and names included', () => {
    for (const country of ['XX', 'USA', '840', 'Germany', 'U', 'U.S.', 'EU']) {
      assert.deepEqual(prepare({ country }), {
        values: {},
        errors: [{ code: Errors.testersGeneral.code, message: `profile.country must be a two-letter ISO 3166-1 code (e.g. "US"), got "${country}"` }],
      }, country);
    }
  });
});

describe('prepareProfile: locale', () => {
  test('stores well-formed RFC 5646 tags in canonical form', () => {
    const cases: [string, string][] = [
      ['en-us', 'en-US'],
      ['EN-GB', 'en-GB'],
      ['de', 'de'],
      ['zh-hant-tw', 'zh-Hant-TW'],
      ['pt-BR', 'pt-BR'],
      ['es-419', 'es-419'],
    ];
    for (const [locale, stored] of cases) {
      assert.deepEqual(prepare({ locale }), { values: { locale: stored }, errors: [] }, locale);
    }
  });

  test('refuses tags that are not well-formed', () => {
    for (const locale of ['en_US', 'x', 'en-', '123', 'englishman', 'en--us', 'en US']) {
      assert.deepEqual(prepare({ locale }), {
        values: {},
        errors: [{ code: Errors.testersGeneral.code, message: `profile.locale must be an RFC 5646 language tag (e.g. "en-US"), got "${locale}"` }],
      }, locale);
    }
  });
});

describe('prepareProfile: gender', () => {
  test('takes Male or Female in any case and stores them capitalised', () => {
    assert.deepEqual(prepare({ gender: 'male' }), { values: { gender: 'Male' }, errors: [] });
    assert.deepEqual(prepare({ gender: ' FEMALE ' }), { values: { gender: 'Female' }, errors: [] });
    assert.deepEqual(prepare({ gender: 'Male' }), { values: { gender: 'Male' }, errors: [] });
  });

  test('refuses anything else', () => {
    for (const gender of ['m', 'F', 'other', 'males']) {
      assert.deepEqual(prepare({ gender }), {
        values: {},
        errors: [{ code: Errors.testersGeneral.code, message: `profile.gender must be "Male" or "Female", got "${gender}"` }],
      }, gender);
    }
  });
});

describe('prepareProfile: telephone', () => {
  test('stores valid numbers in E.164', () => {
    const cases: [ProfileInput, string][] = [
      [{ telephone: '+1 415 555 2671' }, '+14155552671'],
      [{ telephone: '+44 20 7946 0958' }, '+442079460958'],
      [{ telephone: '+1 (415) 555-2671' }, '+14155552671'],
      [{ telephone: '+49 30 901820' }, '+4930901820'],
    ];
    for (const [input, stored] of cases) {
      assert.deepEqual(prepare(input), { values: { telephone: stored }, errors: [] }, input.telephone ?? '');
    }
  });

  test('reads a national number in the country sent with it', () => {
    assert.deepEqual(prepare({ telephone: '030 901820', country: 'DE' }), {
      values: { country: 'DE', telephone: '+4930901820' },
      errors: [],
    });
    assert.deepEqual(prepare({ telephone: '(415) 555-2671', country: 'us' }), {
      values: { country: 'US', telephone: '+14155552671' },
      errors: [],
    });
    // An international number is not bound to the profile's country.
    assert.deepEqual(prepare({ telephone: '+44 20 7946 0958', country: 'DE' }), {
      values: { country: 'DE', telephone: '+442079460958' },
      errors: [],
    });
  });

  test('refuses invalid numbers with 2307', () => {
    const cases: ProfileInput[] = [
      { telephone: '12' },
      { telephone: 'abc' },
      { telephone: '+1 555' },
      { telephone: '+1 555 555 5555' },
      { telephone: '+999 1234' },
      { telephone: 'call +1 415 555 2671 today' },
      // National numbers need the country: none sent, or it is the wrong one.
      { telephone: '030 901820' },
      { telephone: '030 901820', country: 'US' },
    ];
    for (const input of cases) {
      const { values, errors } = prepare(input);
      assert.deepEqual(errors, [INVALID_PHONE], input.telephone ?? '');
      assert.equal('telephone' in values, false);
    }
  });

  test('an invalid country is reported and not used to read the number', () => {
    assert.deepEqual(prepare({ telephone: '030 901820', country: 'XX' }), {
      values: {},
      errors: [
        { code: Errors.testersGeneral.code, message: 'profile.country must be a two-letter ISO 3166-1 code (e.g. "US"), got "XX"' },
        INVALID_PHONE,
      ],
    });
  });

  test('an empty number unsets the field', () => {
    assert.deepEqual(prepare({ telephone: ' ' }), { values: { telephone: null }, errors: [] });
  });
});

describe('prepareProfile: ip and geolocation', () => {
  test('refuses anything but IPv4 with 2323, without asking the locator', () => {
    for (const ip of ['::1', '2001:db8::1', '1.2.3', '256.1.1.1', '01.2.3.4', 'localhost', '1.2.3.4/24']) {
      const geo = fakeGeo();
      assert.deepEqual(prepare({ ip }, geo), { values: {}, errors: [INVALID_IP] }, ip);
      assert.deepEqual(geo.asked, []);
    }
  });

  test('fills city, state and country from the place of the address', () => {
    const geo = fakeGeo({ '203.0.113.7': SF });
    assert.deepEqual(prepare({ ip: ' 203.0.113.7 ', first_name: 'Ada' }, geo), {
      values: { first_name: 'Ada', city: 'San Francisco', state: 'California', country: 'US', ip: '203.0.113.7' },
      errors: [],
    });
    assert.deepEqual(geo.asked, ['203.0.113.7']);
  });

  test('values sent explicitly win; fields sent empty or null are filled', () => {
    const geo = fakeGeo({ '203.0.113.7': SF });
    assert.deepEqual(prepare({ ip: '203.0.113.7', city: 'Oakland', state: '', country: null }, geo), {
      values: { city: 'Oakland', state: 'California', country: 'US', ip: '203.0.113.7' },
      errors: [],
    });
    assert.deepEqual(prepare({ ip: '203.0.113.7', city: 'Paris', state: 'Île-de-France', country: 'fr' }, geo), {
      values: { city: 'Paris', state: 'Île-de-France', country: 'FR', ip: '203.0.113.7' },
      errors: [],
    });
  });

  test('a field the place lacks is set to null with the others', () => {
    const geo = fakeGeo({ '203.0.113.8': { city: null, state: null, country: 'GB' } });
    assert.deepEqual(prepare({ ip: '203.0.113.8' }, geo), {
      values: { city: null, state: null, country: 'GB', ip: '203.0.113.8' },
      errors: [],
    });
  });

  test('an address with no known place fills nothing', () => {
    assert.deepEqual(prepare({ ip: '127.0.0.1' }, fakeGeo()), { values: { ip: '127.0.0.1' }, errors: [] });
  });

  test('an empty ip unsets the field and asks nothing', () => {
    const geo = fakeGeo({ '203.0.113.7': SF });
    assert.deepEqual(prepare({ ip: '', city: 'Oakland' }, geo), { values: { city: 'Oakland', ip: null }, errors: [] });
    assert.deepEqual(geo.asked, []);
  });

  test('a failing locator fills nothing and fails nothing', () => {
    const geo: GeoLocator = {
      locate() {
        throw new Error('database went away');
      },
    };
    assert.deepEqual(prepare({ ip: '203.0.113.7' }, geo), { values: { ip: '203.0.113.7' }, errors: [] });
  });

  test('place values from a locator are cleaned like input: trimmed, upper-case country, bad ones dropped', () => {
    const geo = fakeGeo({
      '203.0.113.1': { city: ' Lyon ', state: '', country: 'fr' },
      '203.0.113.2': { city: 'Nowhere', state: null, country: 'ZZ' },
      '203.0.113.3': { city: 'x'.repeat(256), state: ' ', country: null },
    });
    assert.deepEqual(prepare({ ip: '203.0.113.1' }, geo).values, { city: 'Lyon', state: null, country: 'FR', ip: '203.0.113.1' });
    assert.deepEqual(prepare({ ip: '203.0.113.2' }, geo).values, { city: 'Nowhere', state: null, country: null, ip: '203.0.113.2' });
    assert.deepEqual(prepare({ ip: '203.0.113.3' }, geo).values, { ip: '203.0.113.3' });
  });

  test('a field sent but invalid is reported, not replaced by the located one', () => {
    const geo = fakeGeo({ '203.0.113.7': SF });
    assert.deepEqual(prepare({ ip: '203.0.113.7', country: 'USA' }, geo), {
      values: { city: 'San Francisco', state: 'California', ip: '203.0.113.7' },
      errors: [{ code: Errors.testersGeneral.code, message: 'profile.country must be a two-letter ISO 3166-1 code (e.g. "US"), got "USA"' }],
    });
    assert.deepEqual(prepare({ ip: '203.0.113.7', city: 'c'.repeat(256) }, geo), {
      values: { state: 'California', country: 'US', ip: '203.0.113.7' },
      errors: [{ code: Errors.testersGeneral.code, message: 'profile.city must be at most 255 characters' }],
    });
  });
});

describe('prepareProfile: user_agent', () => {
  test('derives browser and operating system, keeping versions as the parser reports them', () => {
    const cases: [string, Record<string, string | null>][] = [
      [CHROME_MAC, { browser_name: 'Chrome', browser_version: '124.0.0.0', os_name: 'macOS', os_version: '10.15.7' }],
      [FIREFOX_WINDOWS, { browser_name: 'Firefox', browser_version: '125.0', os_name: 'Windows', os_version: 'NT 10.0' }],
      [SAFARI_IPHONE, { browser_name: 'Safari', browser_version: '17.4', os_name: 'iOS', os_version: '17.4' }],
    ];
    for (const [userAgent, derived] of cases) {
      assert.deepEqual(prepare({ user_agent: userAgent }), { values: { ...derived, user_agent: userAgent }, errors: [] });
    }
  });

  test('stores the user agent trimmed', () => {
    assert.equal(prepare({ user_agent: `  ${CHROME_MAC}\n` }).values.user_agent, CHROME_MAC);
  });

  test('values sent explicitly win, each on its own; fields sent empty are derived', () => {
    assert.deepEqual(prepare({ user_agent: CHROME_MAC, browser_name: 'Brave', os_version: '' }), {
      values: { browser_name: 'Brave', browser_version: '124.0.0.0', os_name: 'macOS', os_version: '10.15.7', user_agent: CHROME_MAC },
      errors: [],
    });
    assert.deepEqual(
      prepare({ user_agent: CHROME_MAC, browser_name: 'A', browser_version: '1', os_name: 'B', os_version: '2' }).values,
      { browser_name: 'A', browser_version: '1', os_name: 'B', os_version: '2', user_agent: CHROME_MAC },
    );
  });

  test('a user agent the parser cannot read gives nulls, not errors', () => {
    for (const userAgent of ['curl/8.4.0', 'totally unknown thing', '🙂']) {
      assert.deepEqual(prepare({ user_agent: userAgent }), {
        values: { browser_name: null, browser_version: null, os_name: null, os_version: null, user_agent: userAgent },
        errors: [],
      }, userAgent);
    }
    // A partly readable one gives what it can.
    const linux = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
    assert.deepEqual(prepare({ user_agent: linux }).values, {
      browser_name: 'Chrome', browser_version: '120.0.0.0', os_name: 'Linux', os_version: null, user_agent: linux,
    });
  });

  test('an empty user agent unsets it and derives nothing', () => {
    assert.deepEqual(prepare({ user_agent: '  ', browser_name: 'Chrome' }), {
      values: { browser_name: 'Chrome', user_agent: null },
      errors: [],
    });
  });
});

describe('prepareProfile: several problems', () => {
  test('every problem is reported, in profile order, and only valid fields are kept', () => {
    const geo = fakeGeo({ '203.0.113.7': SF });
    const { values, errors } = prepare(
      {
        first_name: 'Ada',
        country: 'Narnia',
        locale: 'en_US',
        telephone: '12',
        gender: 'robot',
        ip: '::1',
        last_name: 'y'.repeat(300),
        user_agent: CHROME_MAC,
      },
      geo,
    );
    assert.deepEqual(errors, [
      { code: Errors.testersGeneral.code, message: 'profile.last_name must be at most 255 characters' },
      { code: Errors.testersGeneral.code, message: 'profile.country must be a two-letter ISO 3166-1 code (e.g. "US"), got "Narnia"' },
      { code: Errors.testersGeneral.code, message: 'profile.locale must be an RFC 5646 language tag (e.g. "en-US"), got "en_US"' },
      INVALID_PHONE,
      { code: Errors.testersGeneral.code, message: 'profile.gender must be "Male" or "Female", got "robot"' },
      INVALID_IP,
    ]);
    assert.deepEqual(values, {
      first_name: 'Ada',
      browser_name: 'Chrome',
      browser_version: '124.0.0.0',
      os_name: 'macOS',
      os_version: '10.15.7',
      user_agent: CHROME_MAC,
    });
    assert.deepEqual(geo.asked, []);
  });
});

describe('prepareProfile with the bundled geolocation database', () => {
  let geo: GeoLocator;
  before(async () => {
    geo = await openGeoLocator('');
  });

  test('a full signup profile', () => {
    const { values, errors } = prepareProfile(
      { first_name: 'Grace', ip: '8.8.8.8', user_agent: FIREFOX_WINDOWS, telephone: '+1 415-555-2671', locale: 'en-us' },
      { geo },
    );
    assert.deepEqual(errors, []);
    assert.deepEqual(values, {
      first_name: 'Grace',
      city: 'Mountain View',
      state: 'California',
      country: 'US',
      locale: 'en-US',
      telephone: '+14155552671',
      browser_name: 'Firefox',
      browser_version: '125.0',
      os_name: 'Windows',
      os_version: 'NT 10.0',
      ip: '8.8.8.8',
      user_agent: FIREFOX_WINDOWS,
    });
  });

  test('a located country is not used to read a national number: only the country sent is', () => {
    assert.deepEqual(prepareProfile({ ip: '8.8.8.8', telephone: '(415) 555-2671' }, { geo }).errors, [INVALID_PHONE]);
  });

  test('an address with no place fills nothing', () => {
    assert.deepEqual(prepareProfile({ ip: '127.0.0.1' }, { geo }), { values: { ip: '127.0.0.1' }, errors: [] });
  });
});
