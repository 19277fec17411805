// Response serialization: Fastify's own compiler (fast-json-stringify), given each nullable scalar
// — `anyOf: [{type: 'string', …}, {type: 'null'}]`, as `Nullable()` writes it for the OpenAPI
// document — as `type: ['string', 'null']`. fast-json-stringify writes an anyOf by validating the
// value against each branch with Ajv (a timestamp's date-time format parsed each time): that was
// some four fifths of a tester's serialization, the profile and its forty nullable fields. A type
// list it writes directly, to the same JSON for every value the schema allows. Only the compiled
// serializer sees the rewritten schema: the routes, their validation and the OpenAPI document keep it as written.
import SerializerSelector from '@fastify/fast-json-stringify-compiler';

const SCALARS = new Set(['string', 'integer', 'number', 'boolean']);

type Schema = Record<string, unknown>;

/** `schema` with every `anyOf: [scalar, null]` in it written as a type list (a copy; the original is left as it is). */
export function withNullableTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullableTypes);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = withNullableTypes(value);
  const branches = copy.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return copy;
  const [value, none] = branches as Schema[];
  if (none.type !== 'null' || Object.keys(none).length !== 1 || !SCALARS.has(value.type as string)) return copy;
  const { anyOf: _anyOf, ...rest } = copy;
  return { ...rest, ...value, type: [value.type, 'null'] };
}

/** Fastify's `schemaController.compilersFactory.buildSerializer`: its default one, over the rewritten schemas. */
export function buildResponseSerializer(): SerializerSelector.SerializerFactory {
  const selector = SerializerSelector();
  return (externalSchemas, options) => {
    const shared = externalSchemas && Object.fromEntries(Object.entries(externalSchemas).map(([id, schema]) => [id, withNullableTypes(schema)]));
    const compile = selector(shared, options);
    return (route) => compile({ ...route, schema: withNullableTypes(route.schema) });
  };
}
