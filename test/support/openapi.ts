// The OpenAPI document as tests read it: its operations with their parameters, body and declared
// answers, and a check of an answer against what its operation declares (Ajv, which Fastify uses).
import { XMLParser } from 'fast-xml-parser';
import ajvModule from 'ajv';
import ajvFormatsModule from 'ajv-formats';

// Both are CommonJS: the class or plugin is the module itself or its default export, by loader.
const Ajv = ((ajvModule as unknown as { default?: unknown }).default ?? ajvModule) as unknown as typeof ajvModule.default;
const addFormats = ((ajvFormatsModule as unknown as { default?: unknown }).default ?? ajvFormatsModule) as unknown as typeof ajvFormatsModule.default;

export type AjvInstance = InstanceType<typeof Ajv>;

/** An Ajv for the document's schemas: formats checked, the keywords of other tools ignored. */
export function documentAjv(options: { coerceTypes?: boolean } = {}): AjvInstance {
  return addFormats(new Ajv({ strict: false, allErrors: true, validateFormats: true, ...options }));
}

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
  /** The operation takes a file: a text/csv body or a multipart/form-data field. */
  file: boolean;
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
        file: Boolean(spec.requestBody?.content?.['text/csv']),
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

/** v1 answers parsed as the document describes them: the root element is the one property, `error` always a list. */
const xmlParser = new XMLParser({ parseTagValue: false, isArray: (_name, path) => path === 'errors.error' });

export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

/**
 * Checks answers against the document: the status is one the operation declares, the content type
 * the declared one, and the body valid by the declared schema (none for a schema of type null; each
 * line's for NDJSON).
 */
export class AnswerChecker {
  private readonly ajv = documentAjv();
  /** XML text is all strings: its numbers are read as the schema's integers. */
  private readonly xmlAjv = documentAjv({ coerceTypes: true });

  constructor(document: unknown) {
    this.ajv.addSchema(document as object, 'openapi');
    this.xmlAjv.addSchema(document as object, 'openapi');
  }

  /** Problems found, none when the answer is what the operation declares. */
  problems(operation: Operation, answer: Answer): string[] {
    const declared = operation.spec.responses[String(answer.status)];
    if (!declared) return [`status ${answer.status} is not declared (${Object.keys(operation.spec.responses).join(', ')})`];
    const types = Object.keys(declared.content ?? {});
    if (types.length === 0) return answer.body === '' ? [] : [`status ${answer.status} declares no body, got ${answer.body.slice(0, 100)}`];
    const contentType = String(answer.headers['content-type'] ?? '').split(';')[0].trim();
    if (!types.includes(contentType)) return [`content type ${contentType || '(none)'} is not the declared ${types.join(', ')}`];
    // The values the schema describes: the document (XML or JSON), each line of NDJSON, or CSV's text.
    let values: unknown[];
    try {
      if (contentType === 'application/xml') values = [xmlParser.parse(answer.body)];
      else if (contentType === 'application/x-ndjson') values = answer.body.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line));
      else if (contentType === 'text/csv') values = [answer.body];
      else values = [JSON.parse(answer.body)];
    } catch (error) {
      return [`body does not parse as ${contentType}: ${(error as Error).message}`];
    }
    const pointer = ['paths', operation.template, operation.method.toLowerCase(), 'responses', String(answer.status), 'content', contentType, 'schema']
      .map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1'))
      .join('/');
    const ajv = contentType === 'application/xml' ? this.xmlAjv : this.ajv;
    const validate = ajv.getSchema(`openapi#/${pointer}`);
    if (!validate) return [`no schema at ${pointer}`];
    return values.flatMap((value, index) =>
      validate(value)
        ? []
        : (validate.errors ?? []).map((error) => `body${values.length > 1 ? ` line ${index + 1}` : ''}${error.instancePath} ${error.message} (${JSON.stringify(error.params)})`),
    );
  }
}
