// Responses are serialized from schemas whose nullable scalars are rewritten as type lists
// (src/http/serialization.ts): the JSON must be the same as JSON.stringify's, null or not, and the
// routes' own schemas (validation, the OpenAPI document) must stay as written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Type from 'typebox';
import { buildResponseSerializer, withNullableTypes } from '../../src/http/serialization.ts';
import { Nullable } from '../../src/http/schemas.ts';
import { ExportedTesterSchema, TesterSchema } from '../../src/modules/testers/testers.schemas.ts';

type Schema = Record<string, unknown>;

/** A value of `schema` with its properties in the schema's order; every nullable one null when `nulls`. */
function sample(schema: Schema, nulls: boolean): unknown {
  if (Array.isArray(schema.anyOf)) return nulls && (schema.anyOf as Schema[]).some((branch) => branch.type === 'null') ? null : sample((schema.anyOf as Schema[])[0], nulls);
  if (Array.isArray(schema.enum)) return schema.enum.at(-1);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties as Record<string, Schema>).map(([key, property]) => [key, sample(property, nulls)]));
    case 'array':
      return [sample(schema.items as Schema, nulls), sample(schema.items as Schema, !nulls)];
    case 'string':
      // Quotes, a line separator and a non-ASCII letter: what a serializer must escape, or not.
      return schema.format === 'date-time' ? '2026-10-27T09:34:01Z' : 'Zoë "the" \u2028 tester\\';
    case 'integer':
      return 9_007_199_254_740_991;
    case 'number':
      return 0.1;
    case 'boolean':
      return false;
    default:
      throw new Error(`no sample for ${JSON.stringify(schema)}`);
  }
}

const compile = (schema: unknown) => buildResponseSerializer()(undefined, {})({ method: 'GET', url: '/', httpStatus: '200', schema });

test('a tester (every field nullable null, then set) serializes as JSON.stringify writes it', () => {
  for (const schema of [TesterSchema, ExportedTesterSchema]) {
    const serialize = compile(schema);
    for (const nulls of [true, false]) {
      const value = sample(schema as unknown as Schema, nulls);
      assert.equal(serialize(value), JSON.stringify(value));
    }
  }
});

test('nullable scalars become type lists; nullable objects, enums and the schema given stay as they are', () => {
  const NullableObject = Nullable(Type.Object({ at: Nullable(Type.Integer({ minimum: 1 })) }));
  const schema = Type.Object({ when: Nullable(Type.String({ format: 'date-time' })), status: Nullable(Type.Enum(['a', 'b'])), nested: NullableObject });
  const original = JSON.stringify(schema);
  const rewritten = withNullableTypes(schema) as { properties: Record<string, Schema> };
  assert.equal(JSON.stringify(schema), original);
  assert.deepEqual(rewritten.properties.when, { type: ['string', 'null'], format: 'date-time' });
  assert.deepEqual(rewritten.properties.status, JSON.parse(JSON.stringify(schema.properties.status)));
  assert.deepEqual((rewritten.properties.nested.anyOf as Schema[])[0], {
    type: 'object',
    required: ['at'],
    properties: { at: { type: ['integer', 'null'], minimum: 1 } },
  });
  const serialize = compile(schema);
  for (const value of [
    { when: null, status: null, nested: null },
    { when: '2026-01-02T03:04:05Z', status: 'b', nested: { at: null } },
    { when: '2026-01-02T03:04:05Z', status: 'a', nested: { at: 3 } },
  ]) {
    assert.equal(serialize(value), JSON.stringify(value));
  }
});
