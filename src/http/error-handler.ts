// One error body for everything (docs/decisions.md, "Errors"): {"errors":[{"code":…,"message":…}]}.
// Unexpected failures are logged with the request id and answered without any detail.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, Errors, GeneralErrors, type ErrorEntry } from '../primitives/errors.ts';
import { patternSays } from '../primitives/text-patterns.ts';
import { describeEnum } from './accepted-elsewhere.ts';
import { sendXmlErrors } from './xml.ts';

function send(reply: FastifyReply, status: number, errors: ErrorEntry[]): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').send({ errors });
}

/** The route's "General error", for validation and unexpected failures; none outside a series. */
function seriesError(request: FastifyRequest) {
  const series = request.routeOptions?.config?.series;
  return series ? GeneralErrors[series] : undefined;
}

/** An unexpected failure, described by the request id alone (the log has the rest). */
function internalError(request: FastifyRequest): ErrorEntry {
  return (seriesError(request) ?? Errors.internal).entry(`Internal error; reference ${request.id}`);
}

interface ValidationIssue {
  instancePath: string;
  schemaPath?: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
  /** The schema holding the failed keyword (Ajv's `verbose`): an enum's may name other operations' values. */
  parentSchema?: Record<string, unknown>;
}

/**
 * One issue per problem. A value matching none of a field's alternatives (a nullable text, an id
 * given as number or text) fails each one and then the `anyOf`: told once, by the alternative of
 * the value's own type ("must NOT have more than 255 characters") or else by the types allowed
 * ("must be a string or null").
 */
function onePerProblem(issues: ValidationIssue[]): ValidationIssue[] {
  // A FormBoolean of no accepted type fails its type too: its own message says more.
  const booleans = new Set(issues.filter((issue) => issue.keyword === 'formBoolean').map((issue) => issue.instancePath));
  let merged = issues.filter((issue) => issue.keyword !== 'type' || !booleans.has(issue.instancePath));
  for (const anyOf of issues.filter((issue) => issue.keyword === 'anyOf' && issue.schemaPath)) {
    const prefix = `${anyOf.schemaPath}/`;
    const branches = merged.filter((issue) => issue.schemaPath?.startsWith(prefix));
    const wrongType = branches.filter((issue) => issue.keyword === 'type');
    const told = wrongType.length < branches.length
      ? branches.filter((issue) => issue.keyword !== 'type')
      : [{ ...anyOf, keyword: 'type', params: { type: wrongType.map((issue) => String(issue.params.type)).join(' or ') } }];
    merged = merged.flatMap((issue) => (issue === anyOf ? told : branches.includes(issue) ? [] : [issue]));
  }
  return merged;
}

/** "body/tester/email must be string" → "tester.email must be a string". */
function describeValidation(context: string | undefined, issue: ValidationIssue): string {
  const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const where = path || (context === 'querystring' ? 'query' : context ?? 'request');
  if (issue.keyword === 'required') return `${path ? `${path}.` : ''}${String(issue.params.missingProperty)} is required`;
  if (issue.keyword === 'type') return `${where} must be ${/^[aeiou]/.test(String(issue.params.type)) ? 'an' : 'a'} ${String(issue.params.type)}`;
  if (issue.keyword === 'formBoolean') return `${where} must be true, false, 1 or 0`;
  if (issue.keyword === 'enum') return `${where} ${describeEnum(issue.params.allowedValues as unknown[], issue.parentSchema)}`;
  if (issue.keyword === 'additionalProperties') return `${where} has an unknown field ${String(issue.params.additionalProperty)}`;
  if (issue.keyword === 'pattern' && patternSays(issue.params.pattern)) return `${where} ${patternSays(issue.params.pattern)}`;
  return `${where} ${issue.message ?? 'is invalid'}`;
}

/**
 * Errors Fastify raises before a route is found (Fastify's `frameworkErrors` option): a URL that
 * does not decode, a path parameter longer than the router allows. Same error body as the rest.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('X-Request-Id', request.id);
  let status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  let errors: ErrorEntry[];
  if (status >= 400 && status < 500) {
    errors = [Errors.malformedRequest.entry(error.message)];
  } else {
    request.log.error({ err: error }, 'unexpected error');
    status = 500;
    errors = [internalError(request)];
  }
  // Every answer under /api/v1 is XML (the v1 checkin), these included.
  if (request.url.startsWith('/api/v1/')) sendXmlErrors(reply, status, errors);
  else send(reply, status, errors);
}

/**
 * What any error raised while serving a request means for the client: the status and the error
 * entries. Unexpected failures are logged with the request id and described by that id alone.
 * Shared by the JSON API and the v1 XML endpoint, which only render it differently.
 */
export function describeError(error: FastifyError, request: FastifyRequest): { status: number; errors: ErrorEntry[] } {
  if (error instanceof ApiError) return { status: error.statusCode, errors: error.errors };
  if (error.validation) {
    const kind = seriesError(request) ?? Errors.malformedRequest;
    const issues = onePerProblem(error.validation as unknown as ValidationIssue[]);
    return { status: kind.status, errors: issues.map((issue) => kind.entry(describeValidation(error.validationContext, issue))) };
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const limit = request.routeOptions?.bodyLimit;
    const message = `Request body is too large${limit ? ` (at most ${limit} bytes)` : ''}`;
    return { status: 413, errors: [Errors.bodyTooLarge.entry(message)] };
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    // Any media type is read (unknown ones as no body): Fastify's 415 means the header did not parse.
    return { status: 400, errors: [Errors.malformedRequest.entry('Content-Type is not a media type such as application/json')] };
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return { status: 400, errors: [Errors.malformedRequest.entry('Request body is not valid JSON')] };
  }
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    // Fastify's own client errors (bad URL, bad content length, …) and the body parsers' own:
    // their messages name no secret.
    return { status: error.statusCode, errors: [Errors.malformedRequest.entry(error.message)] };
  }
  request.log.error({ err: error }, 'unexpected error');
  return { status: 500, errors: [internalError(request)] };
}

/** An unknown route's 404 entry, for the JSON API and the v1 XML endpoint alike. */
export function noSuchEndpoint(request: FastifyRequest): ErrorEntry {
  return Errors.notFound.entry(`No such endpoint: ${request.method} ${request.url.split('?')[0]}`);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, errors } = describeError(error, request);
    return send(reply, status, errors);
  });

  app.setNotFoundHandler((request, reply) =>
    send(reply, 404, [noSuchEndpoint(request)]),
  );
}
