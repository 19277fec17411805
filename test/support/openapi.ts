// The OpenAPI document as tests read it: its operations with their parameters, body and declared answers.

export type JsonSchema = Record<string, any>;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** As the document writes it: /api/v2/betas/{beta_id}. */
  template: string;
  /** "POST /api/v2/betas/{beta_id}/testers (createTester)", for messages. */
  label: string;
  spec: Record<string, any>;
  pathParameters: Parameter[];
  queryParameters: Parameter[];
  /** The JSON body's schema, when the operation documents one. */
  body: JsonSchema | null;
  /** The operation answers in XML (the v1 checkin). */
  xml: boolean;
  /** The path with its parameters filled: from `values`, else an enum's first value, else "1". */
  path(values: Record<string, string>): string;
}

export function documentedOperations(document: any): Operation[] {
  const operations: Operation[] = [];
  for (const [template, methods] of Object.entries<Record<string, any>>(document.paths)) {
    for (const [method, spec] of Object.entries(methods)) {
      const parameters = (spec.parameters ?? []) as Parameter[];
      const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
      const produces = Object.values<any>(spec.responses ?? {}).flatMap((response) => Object.keys(response.content ?? {}));
      operations.push({
        method: method.toUpperCase(),
        template,
        label: `${method.toUpperCase()} ${template} (${spec.operationId})`,
        spec,
        pathParameters,
        queryParameters: parameters.filter((parameter) => parameter.in === 'query'),
        body: spec.requestBody?.content?.['application/json']?.schema ?? null,
        xml: produces.includes('application/xml'),
        path(values) {
          return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
            const value = values[name] ?? pathParameters.find((parameter) => parameter.name === name)?.schema.enum?.[0] ?? '1';
            return encodeURIComponent(value);
          });
        },
      });
    }
  }
  return operations;
}
