// Text (query strings, path parameters, headers, form and XML bodies) reaches the validator as
// strings, and its coercion reads a number as Number() does: "0x10" is 16, "1e3" 1000, " 1" 1 and
// "" 0. Where the schema asks for a whole number (a page, a count, an id), the text must be decimal
// digits, with a minus sign in front for a negative number, and nothing else: any other spelling is
// refused before it is coerced.

const DECIMAL = /^-?[0-9]+$/;

export const NOT_DECIMAL = 'must be a whole number written in decimal digits (0-9), such as 25';

/** The parts of a JSON Schema (as TypeBox writes them) this check reads. */
interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
}

/** The schema and its alternatives (anyOf, oneOf, allOf), nested ones included. */
function alternatives(schema: SchemaNode): SchemaNode[] {
  return [schema, ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap(alternatives)];
}

/** True when the schema takes a whole number and no text: text given to it is coerced. */
function wantsInteger(schemas: SchemaNode[]): boolean {
  const types = new Set(schemas.flatMap((schema) => [schema.type ?? []].flat()));
  return types.has('integer') && !types.has('string') && !types.has('number');
}

/**
 * The instance paths (as Ajv writes them: "/page", "/tester/age") where `data` holds text that
 * `schema` would coerce to a whole number but that is not written in decimal digits.
 */
export function nonDecimalIntegers(schema: unknown, data: unknown, path = ''): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const schemas = alternatives(schema as SchemaNode);
  const items = schemas.flatMap((s) => (s.items ? [s.items] : []));
  if (typeof data === 'string') {
    if (wantsInteger(schemas)) return DECIMAL.test(data) ? [] : [path];
    // A lone value where a list is asked for is coerced into a list of it.
    return items.flatMap((itemSchema) => nonDecimalIntegers(itemSchema, data, path));
  }
  if (Array.isArray(data)) {
    return data.flatMap((item, index) => items.flatMap((itemSchema) => nonDecimalIntegers(itemSchema, item, `${path}/${index}`)));
  }
  if (typeof data !== 'object' || data === null) return [];
  const record = data as Record<string, unknown>;
  return schemas.flatMap((s) =>
    Object.entries(s.properties ?? {}).flatMap(([key, property]) => (key in record ? nonDecimalIntegers(property, record[key], `${path}/${key}`) : [])),
  );
}
