// A field whose allowed values differ by operation (a tester's status: on create, on update) says,
// when it refuses a value, which values it takes and which the other operation takes instead. The
// schema carries both: `enum` for what it takes, `x-accepted-elsewhere` for the other operation's.
// The keyword validates nothing; the error handler reads it from the refused field's schema.

export const ACCEPTED_ELSEWHERE = 'x-accepted-elsewhere';

export interface AcceptedElsewhere {
  /** The other operation's values (those this field takes too are left out of the message). */
  values: readonly string[];
  /** Where they are accepted, as the message goes on: "when a tester is created, not by an update". */
  where: string;
}

/** Schema options for an enum: the values `where` accepts instead, named when a value is refused. */
export function acceptedElsewhere(values: readonly string[], where: string): { [ACCEPTED_ELSEWHERE]: AcceptedElsewhere } {
  return { [ACCEPTED_ELSEWHERE]: { values, where } };
}

/** The part of Ajv this plugin uses (Ajv itself is Fastify's dependency, not ours). */
interface KeywordHost {
  addKeyword(definition: object): unknown;
}

/** Makes the annotation known to Ajv (strict mode refuses unknown keywords). */
export function addAcceptedElsewhereKeyword<T extends KeywordHost>(ajv: T): T {
  ajv.addKeyword({ keyword: ACCEPTED_ELSEWHERE, schemaType: 'object' });
  return ajv;
}

/** "one of a, b or c" */
function oneOf(values: readonly unknown[]): string {
  const shown = values.map(String);
  return shown.length < 2 ? shown.join('') : `one of ${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}`;
}

/**
 * What a refused enum value is told: the allowed values, from the schema, and the values another
 * operation takes instead when the schema names them.
 */
export function describeEnum(allowed: readonly unknown[], schema: Record<string, unknown> | undefined): string {
  const told = allowed.length === 1 ? `must be ${String(allowed[0])}` : `must be ${oneOf(allowed)}`;
  const elsewhere = schema?.[ACCEPTED_ELSEWHERE] as AcceptedElsewhere | undefined;
  const others = elsewhere?.values.filter((value) => !allowed.includes(value)) ?? [];
  if (!elsewhere || others.length === 0) return told;
  const list = others.length === 1 ? `${others[0]} is` : `${others.slice(0, -1).join(', ')} and ${others[others.length - 1]} are`;
  return `${told} (${list} accepted ${elsewhere.where})`;
}
