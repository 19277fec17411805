// Responses are written by Fastify's own serializer (fast-json-stringify) from the route's schemas,
// with each "one JSON type or null" (Nullable(): anyOf [T, null]) given to it as a type list
// instead. fast-json-stringify picks a type list's branch with typeof, but an anyOf's with Ajv,
// compiling the schema that holds it at the first response of each route: 0.2–0.8 s for a tester's
// schema on a loaded machine, paid by the first load of a console page after a start
// (docs/decisions.md, "Nullable fields serialized without Ajv"). The OpenAPI document and request
// validation see the schemas as declared.
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type SerializerFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer'] & {};

// Fastify's default serializer compiler, resolved as Fastify resolves it (a dependency of Fastify's).
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const { SerializerSelector } = fromFastify('@fastify/fast-json-stringify-compiler') as { SerializerSelector: () => SerializerFactory };

const TYPES = new Set(['string', 'integer', 'number', 'boolean', 'object', 'array']);
type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An enum of text alone, without a type (Type.Enum): a string. */
const textEnum = (schema: Schema) => schema.type === undefined && Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === 'string');

/** `{ anyOf: [T, { type: 'null' }] }` with T of one type (and no union of its own) as `{ ...T, type: [T.type, 'null'] }`; a copy, deeply. */
export function nullUnionsAsTypeLists(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullUnionsAsTypeLists);
  if (!isSchema(schema)) return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, nullUnionsAsTypeLists(value)]));
  const branches = copy.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return copy;
  const nulls = branches.filter((branch) => isSchema(branch) && branch.type === 'null' && Object.keys(branch).length === 1);
  const [value] = branches.filter((branch) => !nulls.includes(branch));
  if (nulls.length !== 1 || !isSchema(value) || ['anyOf', 'oneOf', 'allOf', 'if', '$ref'].some((key) => key in value)) return copy;
  const type = typeof value.type === 'string' ? value.type : textEnum(value) ? 'string' : undefined;
  if (type === undefined || !TYPES.has(type)) return copy;
  const { anyOf: _anyOf, ...outer } = copy;
  return { ...value, ...outer, type: [type, 'null'] };
}

/** Fastify's `schemaController.compilersFactory.buildSerializer`: its own, given the schemas rewritten as above. */
export function buildResponseSerializer(): SerializerFactory {
  const factory = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = factory(nullUnionsAsTypeLists(externalSchemas), options);
    return (route) => compile({ ...route, schema: nullUnionsAsTypeLists(route.schema) });
  };
}
