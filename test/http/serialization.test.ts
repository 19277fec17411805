// The response serializer: Fastify's own, given each "one type or null" as a type list (no Ajv at a
// route's first response), writing what it wrote from the anyOf; unions of more, and the schemas
// it is handed, left as they are.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import Type from 'typebox';
import { Nullable, NullableTimestamp } from '../../src/http/schemas.ts';
import { buildResponseSerializer, nullUnionsAsTypeLists } from '../../src/http/serialization.ts';

const Referral = Type.Enum(['held', 'pending', 'credited']);
const Row = Type.Object({
  id: Type.Integer(),
  applied_at: NullableTimestamp,
  age: Nullable(Type.Integer()),
  score: Nullable(Type.Number()),
  opted_in: Nullable(Type.Boolean()),
  referral: Nullable(Referral),
  address: Nullable(Type.Object({ city: Nullable(Type.String()) })),
  tags: Nullable(Type.Array(Type.String())),
  kind: Nullable(Type.Union([Type.Literal('a'), Type.Literal('b')])),
  value: Type.Union([Type.String(), Type.Integer(), Type.Null()]),
});
const Page = Type.Array(Row);

const serializer = (schema: unknown) => buildResponseSerializer()({}, {})({ schema, method: 'GET', url: '/', httpStatus: '200' });

describe('responses serialized without Ajv for nullable fields', () => {
  test('"one type or null" becomes a type list, its other keywords kept, at any depth; other unions and the schema given stay as they are', () => {
    const before = JSON.stringify(Page);
    const rewritten = nullUnionsAsTypeLists(Page) as { items: { properties: Record<string, Record<string, unknown>> } };
    assert.equal(JSON.stringify(Page), before, 'the schema given is not changed');
    const fields = rewritten.items.properties;
    assert.deepEqual(fields.applied_at, { type: ['string', 'null'], format: 'date-time', description: 'ISO 8601 UTC, second precision' });
    assert.deepEqual(fields.age, { type: ['integer', 'null'] });
    assert.deepEqual(fields.score, { type: ['number', 'null'] });
    assert.deepEqual(fields.opted_in, { type: ['boolean', 'null'] });
    assert.deepEqual(fields.referral, { enum: ['held', 'pending', 'credited'], type: ['string', 'null'] });
    assert.deepEqual(fields.address.type, ['object', 'null']);
    assert.deepEqual((fields.address.properties as Record<string, unknown>).city, { type: ['string', 'null'] });
    assert.deepEqual(fields.tags.type, ['array', 'null']);
    assert.deepEqual(fields.kind, JSON.parse(JSON.stringify(Row.properties.kind)), 'a union of literals or null keeps its anyOf');
    assert.deepEqual(fields.value, JSON.parse(JSON.stringify(Row.properties.value)), 'a union of three keeps its anyOf');
  });

  test('the serializer writes values and nulls as JSON.stringify does, and refuses a value of another type', () => {
    const write = serializer(Page);
    const rows = [
      { id: 1, applied_at: '2026-11-22T09:15:00Z', age: 42, score: 0.5, opted_in: false, referral: 'held', address: { city: 'Oslo' }, tags: ['x'], kind: 'a', value: 3 },
      { id: 2, applied_at: null, age: null, score: null, opted_in: null, referral: null, address: null, tags: null, kind: null, value: null },
      { id: 3, applied_at: null, age: 0, score: null, opted_in: true, referral: 'credited', address: { city: null }, tags: [], kind: 'b', value: 'text' },
    ];
    assert.equal(write(rows), JSON.stringify(rows));
    assert.throws(() => write([{ ...rows[0], age: 'forty-two' }]), /does not match schema definition/);
    assert.throws(() => write([{ ...rows[0], age: 4.2 }]), /does not match schema definition/);
  });
});
