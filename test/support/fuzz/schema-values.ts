// Values for a JSON Schema of the OpenAPI document, as fast-check arbitraries: valid ones (boundary
// values, awkward text, and realistic values that name what the fixture holds) and hostile ones
// (the wrong type, one past a bound, huge numbers, unstorable text, fields missing or unknown).
import fc from 'fast-check';
import { addFormBooleanKeyword } from '../../../src/http/form-boolean.ts';
import { documentAjv, type JsonSchema } from '../openapi.ts';

/** A number sent as this JSON text, which JSON.stringify cannot write (1e309, 2^53 + 1, -0). */
export class RawNumber {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may hold RawNumbers. */
export function jsonText(value: unknown): string {
  if (value instanceof RawNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The value as text would carry it (a query string, a form field). */
export function asText(value: unknown): string {
  if (value instanceof RawNumber) return value.text;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A hostile value, what it tries, and whether a JSON body holding it must be refused. */
export interface Generated {
  value: unknown;
  /** Where and how ("tester.email: in an array"). */
  breaks: string;
  /** Its schema refuses it as sent, or no field can keep it (unstorable text, a number JSON rounds). */
  mustRefuse: boolean;
}

/** The app's validator for JSON bodies, as far as a test can make one: as sent, with its keywords. */
const exact = documentAjv({ coerceTypes: false });
addFormBooleanKeyword(exact as never);
const compiled = new WeakMap<JsonSchema, (value: unknown) => boolean>();

function plain(value: unknown): unknown {
  if (value instanceof RawNumber) return Number(value.text);
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item)]));
  return value;
}

function unkeepable(value: unknown): boolean {
  if (value instanceof RawNumber) return !(Math.abs(Number(value.text)) <= Number.MAX_SAFE_INTEGER);
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([key, item]) => UNSTORABLE.test(key) || unkeepable(item));
  return false;
}

/** Whether a JSON body with `value` where `schema` applies must be refused. */
function mustRefuse(schema: JsonSchema, value: unknown): boolean {
  if (unkeepable(value)) return true;
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = exact.compile(schema)));
  return !validate(structuredClone(plain(value)));
}

function hostile(schema: JsonSchema, where: string, value: unknown, how: string): Generated {
  return { value, breaks: `${where}: ${how}`, mustRefuse: mustRefuse(schema, value) };
}

/** Realistic values by property name, drawn from what the fixture holds (e-mail addresses, codes, ...). */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

/** Text that is valid by any schema of its length and troubles code that is careless with text. */
export const AWKWARD_TEXT = [
  '',
  ' ',
  '\t\r\n',
  '0',
  '-0',
  'null',
  'true',
  'NaN',
  'Infinity',
  'A\u202Eevil\u202C', // right-to-left override
  'zero\u200Bwidth\u2060joiner',
  'bell\u0007 escape\u001b[31m del\u007f',
  'e\u0301\u0301\u0301', // stacked combining accents
  'שלום עולם',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\uFEFFbom',
  '𝕳𝖊𝖑𝖑𝖔',
  "'; drop table testers; --",
  '" or ""="',
  '<script>alert(1)</script>',
  '{{ 7 | times: 7 }}{% raw %}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as the text it is
  '${7*7}',
  '%00%s%n',
  '../../../etc/passwd',
  'a@example.com',
  'A@EXAMPLE.COM ',
];

/** Text no field can store: refused whatever the field. */
const UNSTORABLE_TEXT = ['a\u0000b', 'a\ud800b', '\udc00'];
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL character is what it looks for (no store keeps it)
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const HUGE_NUMBERS = ['1e309', '-1e309', '9007199254740993', '-9007199254740993', '1e308', '4294967296', '-0', '0.1', '1.0000000000000002', '1e-320'];

function types(schema: JsonSchema): string[] {
  if (schema.anyOf) return schema.anyOf.flatMap((branch: JsonSchema) => types(branch));
  if (schema.enum) return [...new Set<string>(schema.enum.map((value: unknown) => (value === null ? 'null' : typeof value)))];
  if (schema.const !== undefined) return [typeof schema.const];
  return [schema.type ?? []].flat();
}

/** The JSON type of a value as JSON Schema names it. */
function jsonType(value: unknown): string {
  if (value instanceof RawNumber) {
    const number = Number(value.text);
    return Number.isInteger(number) && !/[.eE]/.test(value.text) ? 'integer' : 'number';
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function allows(schema: JsonSchema, value: unknown): boolean {
  const allowed = types(schema);
  const type = jsonType(value);
  return allowed.includes(type) || (type === 'integer' && allowed.includes('number'));
}

function stringValues(schema: JsonSchema): fc.Arbitrary<unknown> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 200, 300);
  const fits = (text: string) => [...text].length >= min && (schema.maxLength === undefined || text.length <= schema.maxLength);
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  if (schema.format === 'date-time') {
    return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString());
  }
  const choices: fc.WeightedArbitrary<unknown>[] = [
    { arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 40) }), weight: 2 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 20) }), weight: 1 },
    { arbitrary: fc.constantFrom(...AWKWARD_TEXT.filter(fits)), weight: 2 },
  ];
  if (schema.maxLength !== undefined) choices.push({ arbitrary: fc.constant('x'.repeat(schema.maxLength)), weight: 1 });
  return fc.oneof(...choices);
}

function numberValues(schema: JsonSchema, integer: boolean): fc.Arbitrary<unknown> {
  const min = schema.minimum ?? -1_000_000_000;
  const max = schema.maximum ?? 1_000_000_000;
  const edges = [min, max, Math.min(Math.max(0, min), max), Math.min(Math.max(1, min), max)];
  const within = integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return fc.oneof({ arbitrary: within, weight: 3 }, fc.constantFrom(...edges));
}

/** Valid values for `schema`; `name` is the property's, whose hint (if any) is drawn from half the time. */
export function validValue(schema: JsonSchema, hints: Hints, name = ''): fc.Arbitrary<unknown> {
  const structural = structuralValue(schema, hints, name);
  const hint = fittingHint(schema, hints, name);
  return hint ? fc.oneof({ arbitrary: hint, weight: 3 }, { arbitrary: structural, weight: 1 }) : structural;
}

/** The property's hint, when it fits its schema: the wrapper `invitation_code` (an object) is not the code. */
function fittingHint(schema: JsonSchema, hints: Hints, name: string): fc.Arbitrary<unknown> | undefined {
  const hint = schema.enum ? undefined : hints[name];
  return hint && allows(schema, fc.sample(hint, { numRuns: 1, seed: 0 })[0]) ? hint : undefined;
}

function structuralValue(schema: JsonSchema, hints: Hints, name: string): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((branch: JsonSchema) => validValue(branch, hints, name)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.formBoolean) return fc.constantFrom(true, false, 'true', 'false', '1', '0', 1, 0);
  const type = [schema.type].flat()[0];
  switch (type) {
    case 'string':
      return stringValues(schema);
    case 'integer':
      return numberValues(schema, true);
    case 'number':
      return numberValues(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items ?? {}, hints), { maxLength: Math.min(schema.maxItems ?? 5, 5), minLength: schema.minItems ?? 0 });
    case 'object':
      return objectValues(schema, hints);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * Valid values a client would send: objects with few fields, mostly those the fixture has a
 * realistic value for, so that requests pass the business rules as well as the schema and reach
 * the code behind them.
 */
export function plausibleValue(schema: JsonSchema, hints: Hints, name = ''): fc.Arbitrary<unknown> {
  const type = [schema.type].flat()[0];
  if (schema.anyOf || type !== 'object' || !schema.properties) return fittingHint(schema, hints, name) ?? validValue(schema, hints, name);
  const required = new Set<string>(schema.required ?? []);
  const fields = Object.entries<JsonSchema>(schema.properties).map(([key, property]) => {
    const value = plausibleValue(property, hints, key);
    if (required.has(key)) return fc.tuple(fc.constant(key), value);
    // Wrappers (object fields) and fields with a realistic value usually; any other rarely.
    const weight = property.type === 'object' ? 20 : fittingHint(property, hints, key) ? 30 : 1;
    return fc.oneof({ arbitrary: fc.constant(undefined), weight: 10 }, { arbitrary: fc.tuple(fc.constant(key), value), weight });
  });
  return fc.tuple(...fields).map((entries) => Object.fromEntries(entries.filter((entry): entry is [string, unknown] => entry !== undefined)));
}

function objectValues(schema: JsonSchema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries<JsonSchema>(schema.properties ?? {});
  const model = Object.fromEntries(properties.map(([name, property]) => [name, validValue(property, hints, name)]));
  return fc.record(model, { requiredKeys: (schema.required ?? []) as never[] }) as fc.Arbitrary<Record<string, unknown>>;
}

/** Values of every JSON type, for a field that allows some of them. */
const ANY_TYPE: [string, unknown][] = [
  ['a string', 'x'],
  ['a numeric string', '12'],
  ['a boolean string', 'true'],
  ['an integer', 7],
  ['a fraction', 1.5],
  ['true', true],
  ['false', false],
  ['null', null],
  ['an empty array', []],
  ['an object', { a: 1 }],
];

/** Hostile values for `schema` itself (not its children). */
function hostileSelf(schema: JsonSchema, hints: Hints, name: string, where: string): fc.Arbitrary<Generated> {
  const of = (value: unknown, how: string) => hostile(schema, where, value, how);
  const choices: fc.Arbitrary<Generated>[] = [];
  const wrong = ANY_TYPE.filter(([, value]) => !allows(schema, value));
  if (wrong.length > 0) choices.push(fc.constantFrom(...wrong).map(([label, value]) => of(value, label)));
  // One valid value in an array: a coercing validator would take it as the value itself.
  if (!allows(schema, [])) choices.push(validValue(schema, hints, name).map((value) => of([value], 'in an array')));
  const numeric = types(schema).some((type) => type === 'integer' || type === 'number');
  if (numeric) {
    const outside: number[] = [];
    if (schema.minimum !== undefined) outside.push(schema.minimum - 1);
    if (schema.maximum !== undefined) outside.push(schema.maximum + 1);
    choices.push(fc.constantFrom(...HUGE_NUMBERS).map((text) => of(new RawNumber(text), text)));
    if (outside.length > 0) choices.push(fc.constantFrom(...outside).map((value) => of(value, `${value}, out of bounds`)));
  }
  if (types(schema).includes('string') && !schema.enum) {
    const text: string[] = [...UNSTORABLE_TEXT, 'x'.repeat(100_000)];
    if (schema.maxLength !== undefined) text.push('y'.repeat(schema.maxLength + 1), '😀'.repeat(schema.maxLength));
    if (schema.minLength) text.push('');
    if (schema.pattern || schema.format) text.push('not it', '2026-13-45T99:99:99Z', ' https://example.com');
    choices.push(fc.constantFrom(...text).map((value) => of(value, `${JSON.stringify(value.slice(0, 20))}…`)));
  }
  if (schema.enum) {
    const others = ['', 'unknown', String(schema.enum[0]).toUpperCase(), ` ${String(schema.enum[0])}`].filter((value) => !schema.enum.includes(value));
    choices.push(fc.constantFrom(...others).map((value) => of(value, `${JSON.stringify(value)}, not one of the enum`)));
  }
  if (schema.formBoolean) choices.push(fc.constantFrom('yes', 'on', '', 2, -1).map((value) => of(value, `${JSON.stringify(value)}, not a boolean`)));
  if (schema.maxItems !== undefined) choices.push(fc.constant(of(Array.from({ length: schema.maxItems + 1 }, () => 'x'), `${schema.maxItems + 1} items`)));
  return choices.length > 0 ? fc.oneof(...choices) : fc.constant(of({ unexpected: true }, 'an object'));
}

/**
 * A value for `schema` that is valid but at one place, which breaks it: the wrong type, one past a
 * bound, a huge number, text no field can store, an object missing a required field or with
 * unknown ones. Always hostile; the caller mixes it with valid values.
 */
export function hostileValue(schema: JsonSchema, hints: Hints, name = '', where = name || 'body'): fc.Arbitrary<Generated> {
  const type = [schema.type].flat()[0];
  if (!schema.anyOf && type === 'object' && schema.properties) {
    const valid = objectValues(schema, hints);
    const nested = Object.entries<JsonSchema>(schema.properties).map(([key, property]) =>
      fc.tuple(valid, hostileValue(property, hints, key, `${where}.${key}`)).map(([object, inner]) => ({ ...inner, value: { ...object, [key]: inner.value } })),
    );
    // JSON.parse refuses a __proto__ key before any schema sees it.
    const unknownField = valid.map((object): Generated => ({
      value: { ...object, unknown_field: 'x', ['__proto__']: { polluted: true } },
      breaks: `${where}: unknown fields and a __proto__ key`,
      mustRefuse: true,
    }));
    const missing = ((schema.required ?? []) as string[]).map((field) =>
      valid.map((object): Generated => {
        const { [field]: _gone, ...rest } = object;
        return hostile(schema, where, rest, `${field} missing`);
      }),
    );
    return fc.oneof({ arbitrary: fc.oneof(...nested), weight: 6 }, hostileSelf(schema, hints, name, where), unknownField, ...missing);
  }
  if (!schema.anyOf && type === 'array' && schema.items) {
    const item = fc.tuple(validValue(schema, hints, name), hostileValue(schema.items, hints, name, `${where}[]`)).map(([array, inner]) => ({
      ...inner,
      value: [...(array as unknown[]), inner.value],
    }));
    return fc.oneof({ arbitrary: item, weight: 2 }, hostileSelf(schema, hints, name, where));
  }
  return hostileSelf(schema, hints, name, where);
}
