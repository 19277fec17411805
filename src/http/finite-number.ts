// Query strings and form bodies arrive as text, and the validator coerces a numeric field's text to
// a number: "Infinity" or "1e309" becomes Infinity, which it then lets through, because it checks a
// minimum or maximum (and any keyword for numbers) only on finite numbers. The `finite` keyword
// refuses such a number outright.

/** The part of Ajv this plugin uses (Ajv itself is Fastify's dependency, not ours). */
interface KeywordHost {
  addKeyword(definition: object): unknown;
}

export function addFiniteKeyword<T extends KeywordHost>(ajv: T): T {
  ajv.addKeyword({
    keyword: 'finite',
    // No `type: 'number'`: Ajv would then skip the keyword for the very values it is for.
    schemaType: 'boolean',
    errors: false,
    validate: (required: boolean, data: unknown) => !required || typeof data !== 'number' || Number.isFinite(data),
  });
  return ajv;
}
