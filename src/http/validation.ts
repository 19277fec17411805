// Request validation with two Ajv instances alike but for type coercion. Path parameters, query
// strings and form (or XML) bodies are text, so their validator coerces: "5" is an integer, a lone
// value is a one-item array. A JSON body states each value's type, so its validator takes it at its
// word: {"email":["a@example.com"]}, {"email":true} or {"email":5} is refused, not turned into text.
import ajvCompiler, { type ValidatorFactory } from '@fastify/ajv-compiler';
import { NOT_DECIMAL, nonDecimalIntegers } from './decimal-integers.ts';

/** Fastify's `ajv` server option, as the compiler reads it. */
interface AjvOptions {
  customOptions?: Record<string, unknown>;
  plugins?: unknown[];
}

/** Bodies the parsers read from text (form, XML): validated with coercion. */
const textBodies = new WeakSet<object>();

/** Marks a body a parser made from text, for the coercing validator. */
export function textBody<T>(body: T): T {
  if (typeof body === 'object' && body !== null) textBodies.add(body);
  return body;
}

interface Validate {
  (data: unknown): boolean;
  errors?: unknown;
}

/** What Fastify hands a validator compiler for each part of each route. */
interface RouteSchema {
  schema: unknown;
  httpPart?: string;
}
type Compile = (route: RouteSchema) => Validate;

/** The coercing validator, refusing first the whole numbers its coercion would read from other than decimal digits. */
function decimalOnly(schema: unknown, coerce: Validate): Validate {
  const nonDecimal = nonDecimalIntegers(schema);
  const validate: Validate = (data) => {
    const paths = [...new Set(nonDecimal(data))];
    if (paths.length > 0) {
      validate.errors = paths.map((instancePath) => ({ instancePath, schemaPath: '#/decimal', keyword: 'decimal', message: NOT_DECIMAL, params: {} }));
      return false;
    }
    const valid = coerce(data);
    validate.errors = coerce.errors;
    return valid;
  };
  return validate;
}

/**
 * Fastify's `schemaController.compilersFactory.buildValidator`: Fastify's own Ajv compiler, built
 * twice from the `ajv` server options, once with coercion turned off for JSON bodies. A body
 * validator picks by what the body was parsed from; every other part uses the coercing one.
 */
export function buildRequestValidator(): ValidatorFactory {
  // The package's types describe the compiler as taking a bare schema; it takes the route's.
  const pool = ajvCompiler() as unknown as (externalSchemas: unknown, options: AjvOptions) => Compile;
  const build = (externalSchemas: unknown, options: AjvOptions = {}): Compile => {
    const coercing = pool(externalSchemas, options);
    const exact = pool(externalSchemas, { ...options, customOptions: { ...options.customOptions, coerceTypes: false } });
    return (route) => {
      const coerce = decimalOnly(route.schema, coercing(route));
      if (route.httpPart !== 'body') return coerce;
      const asSent = exact(route);
      // Fastify reads a failed validation's errors from the function it called.
      const validate: Validate = (data) => {
        const chosen = typeof data === 'object' && data !== null && textBodies.has(data) ? coerce : asSent;
        const valid = chosen(data);
        validate.errors = chosen.errors;
        return valid;
      };
      return validate;
    };
  };
  return build as unknown as ValidatorFactory;
}
