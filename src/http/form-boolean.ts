// Booleans from form bodies (docs/decisions.md, "Bodies": true/false/1/0). The validator's own
// coercion knows only "true" and "false", so boolean inputs use FormBoolean: an AJV keyword that
// turns each accepted spelling into a real boolean before the handler sees it.
import Type from 'typebox';

const TRUE = new Set<unknown>([true, 'true', '1', 1]);
const FALSE = new Set<unknown>([false, 'false', '0', 0]);

/** A boolean request field that also accepts "true"/"false"/"1"/"0". */
export function FormBoolean(options: { description?: string; default?: boolean } = {}) {
  return Type.Unsafe<boolean>({ type: ['boolean', 'string', 'integer'], formBoolean: true, ...options });
}

/** The part of Ajv this plugin uses (Ajv itself is Fastify's dependency, not ours). */
interface KeywordHost {
  addKeyword(definition: object): unknown;
}

export function addFormBooleanKeyword<T extends KeywordHost>(ajv: T): T {
  ajv.addKeyword({
    keyword: 'formBoolean',
    modifying: true,
    errors: false,
    schemaType: 'boolean',
    validate(_schema: boolean, data: unknown, _parentSchema?: unknown, context?: { parentData: Record<string | number, unknown>; parentDataProperty: string | number }) {
      const value = TRUE.has(data) ? true : FALSE.has(data) ? false : undefined;
      if (value === undefined) return false;
      if (context?.parentData) context.parentData[context.parentDataProperty] = value;
      return true;
    },
  });
  return ajv;
}
