// The cross-company matrix, built from the OpenAPI document so that a route is covered the day it
// is added: every operation whose path names something is sent with ids that exist but are not
// the caller's to reach, and must answer 404 and store nothing:
// - another company's key with every id of the first company's fixture;
// - another company's key with its own beta and the first company's other ids;
// - the first company's key with its other beta and the first beta's other ids.
import fc from 'fast-check';
import type { TestContext } from '../context.ts';
import { AnswerChecker, documentedOperations, type JsonSchema, type Operation } from '../openapi.ts';
import { changedTables, storedStateFingerprint } from '../stored-state.ts';
import { fixtureHints, makeFixture, type Fixture } from './fixture.ts';
import { jsonText, validValue } from './schema-values.ts';

export interface Attempt {
  operation: Operation;
  /** Whose key, and whose ids. */
  variant: string;
  method: string;
  url: string;
  status: number;
  /** What is wrong with the answer, or [] when it is the 404 it must be and nothing changed. */
  problems: string[];
}

export interface Matrix {
  attempts: Attempt[];
  /** Operations whose path names nothing (list or create betas): no ids to cross. */
  uncrossable: string[];
  /** Path parameters the fixture does not fill, with the operations that name them. */
  unfilled: string[];
}

/** Two fixtures of the context's company (two betas) and one of a second company, with its key. */
export async function crossCompanyScene(ctx: TestContext) {
  const company = await ctx.services.accounts.createCompany({ name: 'Second company' });
  const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
  return { first: await makeFixture(ctx), firstOther: await makeFixture(ctx), second: await makeFixture(ctx, key), secondKey: key };
}

/**
 * Bodies to send, in turn until one is answered 404 (a route may check its body before the ids it
 * names, which tells nothing about them): none, or an empty object, then each object field empty
 * ({"tester":{}}), then a few bodies the schema accepts.
 */
function bodies(operation: Operation, fixture: Fixture): ({ contentType: string; payload: string } | null)[] {
  if (operation.xml) return [{ contentType: 'application/xml', payload: `<checkin><email>${fixture.emails[0]}</email></checkin>` }];
  if (!operation.body) return [null];
  const wrappers = Object.entries<JsonSchema>(operation.body.properties ?? {})
    .filter(([, schema]) => schema.type === 'object')
    .map(([name]) => ({ [name]: {} }));
  const valid = fc.sample(validValue(operation.body, fixtureHints(fixture)), { numRuns: 5, seed: 1 });
  return [{}, ...wrappers, ...valid].map((value) => ({ contentType: 'application/json', payload: jsonText(value) }));
}

export async function runCrossCompanyMatrix(ctx: TestContext): Promise<Matrix> {
  const document = (await ctx.request('GET', '/docs/json', { key: null })).body;
  const checker = new AnswerChecker(document);
  const fingerprint = await storedStateFingerprint(ctx.database);
  const scene = await crossCompanyScene(ctx);
  const matrix: Matrix = { attempts: [], uncrossable: [], unfilled: [] };
  for (const operation of documentedOperations(document)) {
    const names = operation.pathParameters.map((parameter) => parameter.name);
    if (names.length === 0) {
      matrix.uncrossable.push(operation.label);
      continue;
    }
    const missing = names.filter((name) => scene.first.ids[name] === undefined && scene.first.names[name] === undefined);
    if (missing.length > 0) {
      matrix.unfilled.push(`${operation.label}: ${missing.join(', ')}`);
      continue;
    }
    const variants: { variant: string; key: string; ids: Record<string, string> }[] = [
      { variant: "second company's key, first company's ids", key: scene.secondKey, ids: scene.first.ids },
    ];
    // Beta-scoped paths only: a company-level id (a member) is the company's to reach from any of its betas.
    if (names.includes('beta_id') && names.some((name) => name !== 'beta_id' && scene.first.ids[name] !== undefined)) {
      variants.push(
        { variant: "second company's key and beta, first company's other ids", key: scene.secondKey, ids: { ...scene.first.ids, beta_id: scene.second.ids.beta_id } },
        { variant: "first company's other beta, the first beta's other ids", key: ctx.apiKey, ids: { ...scene.first.ids, beta_id: scene.firstOther.ids.beta_id } },
      );
    }
    for (const { variant, key, ids } of variants) {
      const url = operation.path({ ...scene.first.names, ...ids });
      for (const body of bodies(operation, scene.first)) {
        const headers: Record<string, string> = { authorization: `Bearer ${key}` };
        if (body) headers['content-type'] = body.contentType;
        ctx.clock.advance(1);
        const before = await fingerprint();
        const response = await ctx.app.inject({ method: operation.method as any, url, headers, payload: body?.payload });
        const status = response.statusCode;
        const problems = checker.problems(operation, { status, headers: response.headers, body: response.body });
        if (status < 400 || status >= 500) problems.push(`answered ${status}: ${response.body.slice(0, 200)}`);
        const changed = changedTables(before, await fingerprint());
        if (changed.length > 0) problems.push(`stored: ${changed.join(', ')}`);
        matrix.attempts.push({ operation, variant, method: operation.method, url, status, problems });
        if (status === 404 || problems.length > 0) break;
      }
      const last = matrix.attempts.at(-1)!;
      if (last.status !== 404 && last.problems.length === 0) last.problems.push(`never answered 404 (last: ${last.status})`);
    }
  }
  return matrix;
}
