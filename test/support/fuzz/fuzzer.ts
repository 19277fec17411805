// Requests generated from the OpenAPI document, sent with app.inject against a fixture whose ids
// exist, and what each answer must be: never a 5xx, a status the operation declares with a body
// its schema accepts, a refusal for a JSON body its schema refuses as sent, and nothing stored
// when the request is refused or only reads.
import fc from 'fast-check';
import qs from 'qs';
import type { TestContext } from '../context.ts';
import { AnswerChecker, documentedOperations, type Operation, type Parameter } from '../openapi.ts';
import { changedTables, storedStateFingerprint, type Fingerprint } from '../stored-state.ts';
import { fixtureAfterDeletion, fixtureHints, makeFixture, type Fixture } from './fixture.ts';
import { AWKWARD_TEXT, asText, hostileValue, jsonText, plausibleValue, validValue, type Hints } from './schema-values.ts';

export interface FuzzCase {
  operation: Operation;
  /** Path parameter values, by name: a fixture id, or a hostile one. */
  pathValues: Record<string, string>;
  query: string;
  contentType: string | null;
  payload: string | Buffer | undefined;
  /** What the case tries, for the report. */
  label: string;
  /** A JSON body its schema refuses as sent, or with a value no field can keep: it must be refused. */
  mustRefuse: boolean;
}

export type FindingKind = 'server error' | 'undeclared status' | 'schema mismatch' | 'stored by a refused request' | 'stored by a read' | 'invalid body accepted';

export interface Finding {
  kind: FindingKind;
  operationId: string;
  status: number;
  detail: string;
  request: string;
}

/** A path id that names nothing, or nothing the route can read. */
const HOSTILE_IDS = ['0', '-1', '1.5', '1e3', '0x10', '9007199254740993', '99999999999999999999', 'abc', ' 1', '1 ', '١', '\u202E1', 'x'.repeat(41), '..', '%', 'a\u0000b', 'null', '00000000-0000-0000-0000-000000000000'];

/** Path segments sent as they are: escapes that do not decode, or decode to bytes that are not UTF-8. */
const RAW_SEGMENTS = ['%FF', '%ZZ', '%ED%A0%80', '%E0%A4%A', '1%2F2'];

const HOSTILE_QUERY_TEXT = ['', 'Infinity', '-Infinity', '1e309', 'NaN', '-1', '0', '0x10', ' 1', '1,2', '[]', '{}', 'a\u0000b', '\ud800', 'x'.repeat(5000), ...AWKWARD_TEXT];

const BROKEN_JSON = ['{', '{"a":', '[1,]', '{"a":1}}', "{'a':1}", '\uFEFF{}', 'nul', '"just a string"', '12', '[]', '{"a":1,"a":2}', '{"constructor":{"prototype":{"polluted":true}}}', '['.repeat(5000)];

const WRONG_CONTENT_TYPES = ['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/octet-stream', 'application/json; charset=latin1', 'application/x-www-form-urlencoded', 'image/png', ';;;', ''];

const XML_BROKEN = ['<checkin><email>', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><checkin><email>&a;</email></checkin>', '<checkin><email>a</email></checkout>', '{"checkin":{"email":"a@example.com"}}', '<checkin/>', '<checkin></checkin>', '<email></email>'];

/**
 * Percent-encoding that also carries lone surrogates, which encodeURIComponent refuses: as the
 * bytes a surrogate would take in UTF-8, which no decoder accepts.
 */
function encode(text: string): string {
  return text
    .split(/([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/)
    .map((part, index) => (index % 2 === 1 ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

interface Body {
  contentType: string | null;
  payload: string | Buffer | undefined;
  label: string;
  mustRefuse: boolean;
}

const NO_BODY: Body = { contentType: null, payload: undefined, label: 'no body', mustRefuse: false };

function formText(value: unknown): string {
  return qs.stringify(value, { encoder: (text, defaultEncoder, charset, type) => (type === 'value' ? encode(asText(text)) : defaultEncoder(text, defaultEncoder, charset)) });
}

function jsonBodies(schema: Record<string, any>, hints: Hints): fc.Arbitrary<Body> {
  const json = (label: string) => (value: unknown): Body => ({ contentType: 'application/json', payload: jsonText(value), label, mustRefuse: false });
  const plausible = plausibleValue(schema, hints);
  const valid = validValue(schema, hints);
  const hostile = hostileValue(schema, hints);
  const hostileJson = hostile.map((generated): Body => ({
    contentType: 'application/json',
    payload: jsonText(generated.value),
    label: `JSON, ${generated.breaks}`,
    // A JSON null is no body, read as {} like an empty one (src/http/body-parsers.ts).
    mustRefuse: generated.mustRefuse && generated.value !== null,
  }));
  const form = fc.oneof(plausible, hostile.map((generated) => generated.value)).map(
    (value): Body => ({ contentType: 'application/x-www-form-urlencoded', payload: formText(value), label: 'form', mustRefuse: false }),
  );
  return fc.oneof(
    { arbitrary: plausible.map(json('plausible JSON')), weight: 4 },
    { arbitrary: valid.map(json('valid JSON')), weight: 2 },
    { arbitrary: hostileJson, weight: 5 },
    { arbitrary: form, weight: 2 },
    { arbitrary: malformedBodies(plausible.map(json('plausible JSON'))), weight: 2 },
  );
}

function xmlBodies(hints: Hints): fc.Arbitrary<Body> {
  const email = fc.oneof(hints.email ?? fc.constant('a@example.com'), fc.constantFrom(...AWKWARD_TEXT, 'x'.repeat(400), 'a\u0000b'));
  const document = fc.tuple(email, fc.boolean()).map(([address, wrapped]): Body => {
    const text = asText(address);
    const inner = `<email>${xmlEscape(text)}</email>`;
    return { contentType: 'application/xml', payload: `<?xml version="1.0" encoding="UTF-8"?>\n${wrapped ? `<checkin>${inner}</checkin>` : inner}`, label: 'XML', mustRefuse: false };
  });
  const broken = fc.tuple(fc.constantFrom(...XML_BROKEN), fc.constantFrom('application/xml', 'text/xml; charset=utf-8')).map(
    ([payload, contentType]): Body => ({ contentType, payload, label: 'malformed XML', mustRefuse: false }),
  );
  return fc.oneof({ arbitrary: document, weight: 4 }, { arbitrary: broken, weight: 2 }, { arbitrary: malformedBodies(document), weight: 1 });
}

/** Column names a CSV file's header draws from: the importer's own, a preset's, and nonsense. */
const CSV_COLUMNS = ['email', 'first_name', 'last_name', 'name', 'status', 'created_at', 'referrer_id', 'groups', 'points', 'custom_var1', 'profile.city', 'responses.1', 'responses.999', 'Email', 'Referred By', 'E-mail', '', ' email ', 'email', '"', 'x'.repeat(300), 'a\u0000b', ...AWKWARD_TEXT];
/** Cell values: addresses, statuses, dates, numbers, and what breaks a CSV reader. */
const CSV_CELLS = ['a@example.com', 'not an address', 'applied', 'invited', 'imported', 'nope', '2024-02-03T04:05:06Z', '31/02/2024', '-5', '1e400', 'early,late', '"quoted, with comma"', '"unclosed', '"line\nbreak"', '"a""b"', '=SUM(A1)', '\r', '', ...AWKWARD_TEXT];
/** Byte sequences a UTF-8 file cannot hold, and a byte-order mark. */
const RAW_BYTES = [Buffer.from([0xff, 0xfe]), Buffer.from([0xc3]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('\uFEFF'), Buffer.from([0x00])];

/** CSV files as a text/csv body or in a multipart field, well-formed or not, UTF-8 or not. */
function fileBodies(hints: Hints): fc.Arbitrary<Body> {
  const cell = fc.oneof(hints.email ?? fc.constant('a@example.com'), fc.constantFrom(...CSV_CELLS));
  const csv = fc
    .tuple(fc.array(fc.constantFrom(...CSV_COLUMNS), { minLength: 0, maxLength: 6 }), fc.array(fc.array(cell, { maxLength: 7 }), { maxLength: 6 }), fc.constantFrom('\n', '\r\n', '\r'))
    .map(([header, rows, newline]) => [header.join(','), ...rows.map((row) => row.join(','))].join(newline) + newline);
  const bytes = fc.tuple(csv, fc.constantFrom(...RAW_BYTES), fc.nat()).map(([text, raw, at]) => {
    const encoded = Buffer.from(text);
    const cut = encoded.length ? at % encoded.length : 0;
    return Buffer.concat([encoded.subarray(0, cut), raw, encoded.subarray(cut)]);
  });
  const address = fc.oneof(hints.email ?? fc.constant('a@example.com'), fc.nat(1_000_000).map((n) => `import.${n}@example.com`));
  const plausibleRow = fc.tuple(address, fc.constantFrom(...CSV_CELLS), fc.constantFrom('applied', 'imported', 'invited', ''));
  const plausible = fc
    .array(plausibleRow, { minLength: 1, maxLength: 5 })
    .map((rows) => `email,first_name,status\n${rows.map((row) => row.join(',')).join('\n')}\n`);
  const file = fc.oneof({ arbitrary: plausible, weight: 3 }, { arbitrary: csv, weight: 4 }, { arbitrary: bytes, weight: 1 });
  const asCsv = fc.tuple(file, fc.constantFrom('text/csv', 'text/csv; charset=utf-8', 'application/csv')).map(
    ([payload, contentType]): Body => ({ contentType, payload, label: 'CSV file', mustRefuse: false }),
  );
  const boundary = 'fuzz-boundary';
  const part = (field: string, content: string | Buffer) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="t.csv"\r\nContent-Type: text/csv\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n')]);
  const multipart = fc.tuple(file, fc.constantFrom('file', 'attachment', 'FILE', ''), fc.boolean(), fc.boolean()).map(([content, field, closed, twice]): Body => {
    const parts = [part(field, content), ...(twice ? [part('file', content)] : []), Buffer.from(closed ? `--${boundary}--\r\n` : '')];
    return { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.concat(parts), label: `multipart, field "${field}"`, mustRefuse: false };
  });
  return fc.oneof({ arbitrary: asCsv, weight: 4 }, { arbitrary: multipart, weight: 2 }, { arbitrary: malformedBodies(asCsv), weight: 1 });
}

/** Bodies no parser should accept, or sent as a type they are not. */
function malformedBodies(valid: fc.Arbitrary<Body>): fc.Arbitrary<Body> {
  const broken = fc.constantFrom(...BROKEN_JSON).map((payload): Body => ({ contentType: 'application/json', payload, label: 'malformed JSON', mustRefuse: false }));
  const mislabelled = fc.tuple(valid, fc.constantFrom(...WRONG_CONTENT_TYPES)).map(([body, contentType]): Body => ({
    contentType: contentType || null,
    payload: body.payload,
    label: `sent as ${contentType || 'no content type'}`,
    mustRefuse: false,
  }));
  const empty = fc.constantFrom<Body>(NO_BODY, { contentType: 'application/json', payload: '', label: 'empty JSON body', mustRefuse: false });
  return fc.oneof(broken, mislabelled, empty);
}

function parameterValue(parameter: Parameter, hints: Hints): fc.Arbitrary<string> {
  const valid = validValue(parameter.schema, hints, parameter.name).map(asText);
  const hostile = fc.oneof(hostileValue(parameter.schema, hints, parameter.name).map((generated) => asText(generated.value)), fc.constantFrom(...HOSTILE_QUERY_TEXT));
  return fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: hostile, weight: 2 });
}

function queryStrings(operation: Operation, hints: Hints): fc.Arbitrary<string> {
  const pairs = operation.queryParameters.map((parameter) =>
    fc.option(parameterValue(parameter, hints).map((value) => `${encode(parameter.name)}=${encode(value)}`), { nil: undefined, freq: 2 }),
  );
  const extra = fc.option(fc.constantFrom('unknown=1', 'page=1&page=2', 'a[b]=c', '%E0%A4%A=1', 'x=%ZZ', 'a=%00'), { nil: undefined, freq: 4 });
  return fc.tuple(fc.tuple(...pairs), extra).map(([chosen, more]) => {
    const parts = [...chosen, more].filter((part): part is string => part !== undefined);
    return parts.length > 0 ? `?${parts.join('&')}` : '';
  });
}

/** The cases of one operation against `fixture`; `other` is another beta's fixture (ids that exist elsewhere). */
export function caseArbitrary(operation: Operation, fixture: Fixture, other: Fixture): fc.Arbitrary<FuzzCase> {
  const hints = fixtureHints(fixture);
  const pathValues = fc.record(
    Object.fromEntries(
      operation.pathParameters.map((parameter) => {
        const own = fixture.ids[parameter.name] ?? fixture.names[parameter.name] ?? '1';
        const elsewhere = other.ids[parameter.name] ?? own;
        const hostile = fc.constantFrom(...HOSTILE_IDS, ...RAW_SEGMENTS);
        return [parameter.name, fc.oneof({ arbitrary: fc.constant(own), weight: 12 }, fc.constant(elsewhere), hostile)];
      }),
    ),
  ) as fc.Arbitrary<Record<string, string>>;
  let body: fc.Arbitrary<Body> = fc.constant(NO_BODY);
  if (operation.xml) body = xmlBodies(hints);
  else if (operation.file) body = fileBodies(hints);
  else if (operation.body) body = jsonBodies(operation.body, hints);
  else if (operation.method !== 'GET') body = fc.oneof({ arbitrary: fc.constant(NO_BODY), weight: 4 }, malformedBodies(fc.constant({ ...NO_BODY, payload: '{"a":1}' })));
  return fc.tuple(pathValues, queryStrings(operation, hints), body).map(([values, query, chosen]) => ({
    operation,
    pathValues: values,
    query,
    contentType: chosen.contentType,
    payload: chosen.payload,
    label: chosen.label,
    mustRefuse: chosen.mustRefuse,
  }));
}

/** The case's URL: path parameters percent-encoded (RAW_SEGMENTS as they are), then the query. */
function urlOf(fuzzCase: FuzzCase): string {
  const path = fuzzCase.operation.template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = fuzzCase.pathValues[name];
    return RAW_SEGMENTS.includes(value) ? value : encode(value);
  });
  return path + fuzzCase.query;
}

/** The case as a line a person can replay. */
export function describeCase(fuzzCase: FuzzCase): string {
  const url = urlOf(fuzzCase);
  const payload = Buffer.isBuffer(fuzzCase.payload) ? fuzzCase.payload.toString('latin1') : fuzzCase.payload;
  const body = payload === undefined ? '' : ` ${fuzzCase.contentType ?? '(no content type)'} ${JSON.stringify(payload.slice(0, 300))}`;
  return `${fuzzCase.operation.method} ${url.slice(0, 300)}${body} [${fuzzCase.label}]`;
}

export interface OperationStats {
  cases: number;
  /** Answers by status. */
  statuses: Record<number, number>;
}

/**
 * Runs cases against one context: the fixture is made in the context's company and made again
 * when a case deletes what it holds. The clock moves a millisecond before each case, so that an
 * update records a time the stored-state fingerprint sees.
 */
export class Fuzzer {
  readonly findings: Finding[] = [];
  readonly stats = new Map<string, OperationStats>();
  private fixture!: Fixture;
  private other!: Fixture;
  /** A DELETE that succeeded, whose fixture is brought back before the next case. */
  private deleted: { values: Record<string, string>; parameter: string } | null = null;
  private arbitraries = new Map<Operation, fc.Arbitrary<FuzzCase>>();
  /** The stored state's fingerprint when nothing has changed since it was taken, else null. */
  private known: Fingerprint | null = null;

  private constructor(
    private readonly ctx: TestContext,
    readonly operations: Operation[],
    private readonly checker: AnswerChecker,
    private readonly fingerprint: () => Promise<Fingerprint>,
  ) {}

  static async start(ctx: TestContext): Promise<Fuzzer> {
    const document = (await ctx.request('GET', '/docs/json', { key: null })).body;
    const fuzzer = new Fuzzer(ctx, documentedOperations(document), new AnswerChecker(document), await storedStateFingerprint(ctx.database));
    fuzzer.fixture = await makeFixture(ctx);
    fuzzer.other = await makeFixture(ctx);
    return fuzzer;
  }

  get casesRun(): number {
    return [...this.stats.values()].reduce((sum, stats) => sum + stats.cases, 0);
  }

  /** Runs `count` cases of `operation`, from `seed`. */
  async run(operation: Operation, count: number, seed: number): Promise<void> {
    const stats = this.stats.get(operation.spec.operationId) ?? { cases: 0, statuses: {} };
    this.stats.set(operation.spec.operationId, stats);
    if (!this.fixture.complete || !this.other.complete) {
      this.known = null;
      if (!this.fixture.complete) this.fixture = await makeFixture(this.ctx);
      if (!this.other.complete) this.other = await makeFixture(this.ctx);
      this.arbitraries.clear();
    }
    for (let index = 0; index < count; index += 1) {
      if (this.deleted) await this.restoreDeleted(this.deleted);
      let arbitrary = this.arbitraries.get(operation);
      if (!arbitrary) this.arbitraries.set(operation, (arbitrary = caseArbitrary(operation, this.fixture, this.other)));
      const [fuzzCase] = fc.sample(arbitrary, { numRuns: 1, seed: seed + index });
      const status = await this.send(fuzzCase);
      stats.cases += 1;
      stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
    }
  }

  /** The fixture that held what a DELETE removed, with it back (or made anew). */
  private async restoreDeleted({ values, parameter }: { values: Record<string, string>; parameter: string }): Promise<void> {
    this.deleted = null;
    for (const which of ['fixture', 'other'] as const) {
      const fixture = this[which];
      if (fixture.ids.beta_id !== values.beta_id || fixture.ids[parameter] !== values[parameter]) continue;
      this[which] = await fixtureAfterDeletion(this.ctx, fixture, parameter);
      this.arbitraries.clear();
      this.known = null;
    }
  }

  private async send(fuzzCase: FuzzCase): Promise<number> {
    const { operation } = fuzzCase;
    this.ctx.clock.advance(1);
    const before = this.known ?? (await this.fingerprint());
    this.known = null;
    const headers: Record<string, string> = { authorization: `Bearer ${this.ctx.apiKey}` };
    if (fuzzCase.contentType) headers['content-type'] = fuzzCase.contentType;
    const response = await this.ctx.app.inject({
      method: operation.method as any,
      url: urlOf(fuzzCase),
      headers,
      payload: fuzzCase.payload,
    });
    const status = response.statusCode;
    const found = (kind: FindingKind, detail: string) =>
      this.findings.push({ kind, operationId: operation.spec.operationId, status, detail, request: describeCase(fuzzCase) });
    if (status >= 500) found('server error', response.body.slice(0, 300));
    const problems = this.checker.problems(operation, { status, headers: response.headers, body: response.body });
    if (problems.length > 0) found(operation.spec.responses[String(status)] ? 'schema mismatch' : 'undeclared status', problems.slice(0, 3).join('; '));
    const refused = status >= 400;
    if (refused || operation.method === 'GET') {
      const after = await this.fingerprint();
      const changed = changedTables(before, after);
      this.known = after;
      if (changed.length > 0) found(refused ? 'stored by a refused request' : 'stored by a read', changed.join(', '));
    } else if (operation.method === 'DELETE') {
      this.deleted = { values: fuzzCase.pathValues, parameter: operation.pathParameters.at(-1)!.name };
    } else if (operation.pathParameters.at(-1)?.name === 'beta_id' && operation.method !== 'POST') {
      // The beta itself changed (its settings may now refuse signups): made anew before the next operation.
      for (const which of ['fixture', 'other'] as const) {
        if (this[which].ids.beta_id === fuzzCase.pathValues.beta_id) this[which] = { ...this[which], complete: false };
      }
    }
    if (fuzzCase.mustRefuse && !refused) found('invalid body accepted', `answered ${status}`);
    return status;
  }
}

/** Findings as lines, one per kind and operation (with its first request), for an assertion message. */
export function summarize(findings: Finding[]): string[] {
  const groups = new Map<string, { count: number; first: Finding }>();
  for (const finding of findings) {
    const key = `${finding.kind} ${finding.operationId} ${finding.status}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { count: 1, first: finding });
  }
  return [...groups.entries()].map(([key, { count, first }]) => `${key} ×${count}: ${first.detail}\n    ${first.request}`);
}
