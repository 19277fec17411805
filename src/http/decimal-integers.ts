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

/** Appends to `found` the paths under `path` where `data` holds text its schema would coerce to a whole number. */
type Check = (data: unknown, path: string, found: string[]) => void;

/**
 * The check of `schema`, worked out once per schema (a route's part is validated at every request,
 * and walking its schema each time cost a request several microseconds); null when nothing in
 * the schema takes a whole number, so no data can fail it.
 */
function checkOf(schema: unknown): Check | null {
  if (typeof schema !== 'object' || schema === null) return null;
  const schemas = alternatives(schema as SchemaNode);
  const integer = wantsInteger(schemas);
  const items = schemas.flatMap((s) => (s.items ? [checkOf(s.items)] : [])).filter((check): check is Check => check !== null);
  const properties = schemas.flatMap((s) =>
    Object.entries(s.properties ?? {}).flatMap(([key, property]) => {
      const check = checkOf(property);
      return check ? [{ key, check }] : [];
    }),
  );
  if (!integer && items.length === 0 && properties.length === 0) return null;
  return (data, path, found) => {
    if (typeof data === 'string') {
      if (integer) {
        if (!DECIMAL.test(data)) found.push(path);
        return;
      }
      // A lone value where a list is asked for is coerced into a list of it.
      for (const check of items) check(data, path, found);
    } else if (Array.isArray(data)) {
      data.forEach((item, index) => {
        for (const check of items) check(item, `${path}/${index}`, found);
      });
    } else if (typeof data === 'object' && data !== null) {
      const record = data as Record<string, unknown>;
      for (const { key, check } of properties) if (key in record) check(record[key], `${path}/${key}`, found);
    }
  };
}

/**
 * For `schema`, the function answering the instance paths (as Ajv writes them: "/page",
 * "/tester/age") where data holds text the schema would coerce to a whole number but that is not
 * written in decimal digits.
 */
export function nonDecimalIntegers(schema: unknown): (data: unknown) => string[] {
  const check = checkOf(schema);
  return (data) => {
    const found: string[] = [];
    check?.(data, '', found);
    return found;
  };
}
