import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { openGeoLocator, type GeoLocator } from '../../../src/modules/testers/geoip.ts';

// A minimal MaxMind DB writer (format spec 2.0), so custom-path layouts are tested on files whose
// content the test controls: 24-bit records, IPv4 networks, in an IPv4 or an IPv6 tree.
function control(type: number, size: number): Buffer {
  assert.ok(size < 285);
  const [first, extra] = size < 29 ? [size, []] : [29, [size - 29]];
  // Types above 7 are "extended": type 0 in the control byte, type − 7 in the next byte.
  return type <= 7 ? Buffer.from([(type << 5) | first, ...extra]) : Buffer.from([first, type - 7, ...extra]);
}

function encode(value: unknown): Buffer {
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([control(2, bytes.length), bytes]);
  }
  if (typeof value === 'number') {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(value);
    return Buffer.concat([control(6, 4), bytes]);
  }
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encode)]);
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    return Buffer.concat([control(7, entries.length), ...entries.flatMap(([key, item]) => [encode(key), encode(item)])]);
  }
  throw new Error(`cannot encode ${String(value)}`);
}

function buildMmdb(ipVersion: 4 | 6, networks: [cidr: string, record: object][]): Buffer {
  type Slot = { node: number } | { data: number } | null;
  const nodes: [Slot, Slot][] = [[null, null]];
  const data: Buffer[] = [];
  let dataLength = 0;
  for (const [cidr, record] of networks) {
    const [address, prefix] = cidr.split('/');
    const value = address.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0);
    const bits = [...(ipVersion === 6 ? Array<number>(96).fill(0) : [])];
    for (let i = 31; i >= 0; i--) bits.push(Math.floor(value / 2 ** i) % 2);
    const length = bits.length - 32 + Number(prefix);
    let node = 0;
    for (let depth = 0; depth < length - 1; depth++) {
      const slot = nodes[node][bits[depth]];
      if (slot && 'node' in slot) node = slot.node;
      else {
        nodes.push([null, null]);
        nodes[node][bits[depth]] = { node: nodes.length - 1 };
        node = nodes.length - 1;
      }
    }
    nodes[node][bits[length - 1]] = { data: dataLength };
    const encoded = encode(record);
    data.push(encoded);
    dataLength += encoded.length;
  }
  const nodeCount = nodes.length;
  const tree = Buffer.alloc(nodeCount * 6);
  nodes.forEach((pair, index) => {
    pair.forEach((slot, side) => {
      const recordValue = slot === null ? nodeCount : 'node' in slot ? slot.node : nodeCount + 16 + slot.data;
      tree.writeUIntBE(recordValue, index * 6 + side * 3, 3);
    });
  });
  const metadata = encode({
    node_count: nodeCount,
    record_size: 24,
    ip_version: ipVersion,
    database_type: 'Prelaunch-Test-City',
    languages: ['en'],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: 1_700_000_000,
    description: { en: 'test' },
  });
  const marker = Buffer.from('ABCDEF4D61784D696E642E636F6D', 'hex');
  return Buffer.concat([tree, Buffer.alloc(16), ...data, marker, metadata]);
}

describe('openGeoLocator with the bundled DB-IP Lite database', () => {
  let geo: GeoLocator;
  before(async () => {
    geo = await openGeoLocator('');
  });

  test('finds city, state and country of public addresses', () => {
    assert.deepEqual(geo.locate('8.8.8.8'), { city: 'Mountain View', state: 'California', country: 'US' });
    assert.equal(geo.locate('81.2.69.160')?.country, 'GB');
  });

  test('knows no place for loopback, private and reserved addresses', () => {
    for (const ip of ['127.0.0.1', '10.0.0.1', '192.168.1.1', '0.0.0.0', '255.255.255.255']) {
      assert.equal(geo.locate(ip), null, ip);
    }
  });

  test('answers null for anything but an IPv4 address, since only the IPv4 file is loaded', () => {
    for (const ip of ['2001:4860:4860::8888', '::1', 'not an ip', '', '8.8.8', '8.8.8.8.8']) {
      assert.equal(geo.locate(ip), null, ip);
    }
  });

  test('a second open of the same setting reuses the loaded database', async () => {
    assert.equal(await openGeoLocator(''), geo);
  });
});

describe('openGeoLocator off', () => {
  test('"off" answers null for every address', async () => {
    for (const setting of ['off', ' OFF ']) {
      const geo = await openGeoLocator(setting);
      assert.equal(geo.locate('8.8.8.8'), null);
      assert.equal(geo.locate('81.2.69.160'), null);
    }
  });
});

describe('openGeoLocator with a custom path', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'prelaunch-geoip-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('a path that does not exist is refused with an error naming it', async () => {
    const missing = join(dir, 'nowhere', 'GeoLite2-City.mmdb');
    await assert.rejects(openGeoLocator(missing), (error: Error) => {
      assert.ok(error.message.includes(missing), error.message);
      assert.equal(
        error.message,
        `Cannot open the GeoIP database set in GEOIP_DATABASE_PATH, "${missing}": ENOENT: no such file or directory, stat '${missing}'`,
      );
      return true;
    });
  });

  test('a file that is not an MMDB database is refused with an error naming it', async () => {
    const file = join(dir, 'not-a-database.mmdb');
    writeFileSync(file, 'hello, this is not a database');
    await assert.rejects(openGeoLocator(file), (error: Error) => {
      assert.match(error.message, /^Cannot open the GeoIP database set in GEOIP_DATABASE_PATH, "(.+)": not a MaxMind DB \(MMDB\) file: /);
      assert.ok(error.message.includes(file), error.message);
      return true;
    });
  });

  test('a failed open is not remembered: the file can appear later', async () => {
    const file = join(dir, 'late.mmdb');
    await assert.rejects(openGeoLocator(file));
    writeFileSync(file, buildMmdb(4, [['1.2.3.0/24', { country_code: 'NL' }]]));
    const geo = await openGeoLocator(file);
    assert.deepEqual(geo.locate('1.2.3.4'), { city: null, state: null, country: 'NL' });
  });

  test('reads the MaxMind GeoIP2/GeoLite2 City layout', async () => {
    const file = join(dir, 'maxmind-city.mmdb');
    writeFileSync(
      file,
      buildMmdb(6, [
        [
          '1.2.3.0/24',
          {
            city: { geoname_id: 2950159, names: { de: 'Berlin', en: 'Berlin' } },
            subdivisions: [{ iso_code: 'BE', names: { en: 'Land Berlin' } }, { names: { en: 'Second level' } }],
            country: { iso_code: 'DE', names: { en: 'Germany' } },
          },
        ],
        ['5.6.7.0/24', { country: { iso_code: 'FR' }, registered_country: { iso_code: 'FR' } }],
        ['9.9.9.0/24', { city: { names: { de: 'München' } }, country: { iso_code: 'de' } }],
        ['11.0.0.0/8', { continent: { code: 'EU' }, country: { iso_code: 'EU' } }],
        ['12.0.0.0/8', { city: { names: { en: '' } }, subdivisions: [], country: { iso_code: '' } }],
      ]),
    );
    const geo = await openGeoLocator(file);
    assert.deepEqual(geo.locate('1.2.3.4'), { city: 'Berlin', state: 'Land Berlin', country: 'DE' });
    assert.deepEqual(geo.locate('5.6.7.8'), { city: null, state: null, country: 'FR' });
    // No English name: the one the database has; country codes upper-cased.
    assert.deepEqual(geo.locate('9.9.9.9'), { city: 'München', state: null, country: 'DE' });
    // "EU" is not an ISO 3166-1 country, and a record of empty strings names no place.
    assert.equal(geo.locate('11.1.1.1'), null);
    assert.equal(geo.locate('12.1.1.1'), null);
    assert.equal(geo.locate('1.2.4.1'), null);
  });

  test('reads the DB-IP / ip-location-db layout, empty strings becoming null', async () => {
    const file = join(dir, 'dbip-city.mmdb');
    writeFileSync(
      file,
      buildMmdb(4, [
        ['1.2.3.0/24', { city: 'Amsterdam', country_code: 'NL', latitude: 52, postcode: '', state1: 'North Holland', state2: '', timezone: '' }],
        ['4.0.0.0/8', { city: '', country_code: 'us', state1: '' }],
        ['6.0.0.0/8', { city: ' ', country_code: 'ZZ', state1: '' }],
      ]),
    );
    const geo = await openGeoLocator(file);
    assert.deepEqual(geo.locate('1.2.3.200'), { city: 'Amsterdam', state: 'North Holland', country: 'NL' });
    assert.deepEqual(geo.locate('4.4.4.4'), { city: null, state: null, country: 'US' });
    assert.equal(geo.locate('6.6.6.6'), null);
    assert.equal(geo.locate('7.7.7.7'), null);
    // An IPv4-only tree is never asked about IPv6 addresses.
    assert.equal(geo.locate('::ffff:1.2.3.4'), null);
  });

  test('a relative path is read from the working directory', async () => {
    const file = join(dir, 'relative.mmdb');
    writeFileSync(file, buildMmdb(4, [['1.2.3.0/24', { country_code: 'BE' }]]));
    const geo = await openGeoLocator(relative(process.cwd(), file));
    assert.equal(geo.locate('1.2.3.4')?.country, 'BE');
  });
});
