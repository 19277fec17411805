// An unexpected error is answered 500 with the request id and logged with that id, its kind,
// message and codes — never its stack, nor a driver's detail quoting a row (another tenant's data).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { App } from '../../src/http/app-type.ts';
import { serializeError } from '../../src/process/logging.ts';
import { appWithLog, startTestContext, type TestContext } from '../support/context.ts';

/** What a PostgreSQL unique violation carries: the constraint by name, the row's values in `detail`. */
function driverError(): Error {
  const error = Object.assign(new Error('duplicate key value violates unique constraint "testers_email_key"'), {
    code: '23505',
    constraint: 'testers_email_key',
    table: 'testers',
    detail: 'Key (email)=(someone@other-tenant.example) already exists.',
  });
  return new Error('saving failed', { cause: error });
}

describe('unexpected errors in the log', () => {
  let ctx: TestContext;
  let app: App;
  let log: () => string;

  before(async () => {
    ctx = await startTestContext();
    const failingBetas = Object.create(ctx.services.betas, { list: { value: async () => Promise.reject(driverError()) } });
    ({ app, log } = await appWithLog(ctx, { ...ctx.services, betas: failingBetas }));
  });
  after(async () => {
    await app.close();
    await ctx.close();
  });

  test('the 500 names the request; its log line has the kind, message and codes, no stack and no row values', async () => {
    ctx.expectServerErrors('the betas service fails on purpose');
    const response = await app.inject({ method: 'GET', url: '/api/v2/betas', headers: { authorization: `Bearer ${ctx.apiKey}` } });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(response.statusCode, 500);
    const id = String(response.headers['x-request-id']);
    assert.equal(response.json().errors[0].message, `Internal error; reference ${id}`);

    const text = log();
    const lines = text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    const logged = lines.find((line) => line.msg === 'unexpected error');
    assert.ok(logged, text);
    assert.equal(logged.reqId, id);
    assert.deepEqual(logged.err, {
      type: 'Error',
      message: 'saving failed',
      cause: { type: 'Error', message: 'duplicate key value violates unique constraint "testers_email_key"', code: '23505', constraint: 'testers_email_key', table: 'testers' },
    });
    assert.doesNotMatch(text, /other-tenant|\n\s+at |error-logging\.test/);
  });
});

test('serializeError keeps what names a failure and nothing else', () => {
  assert.deepEqual(serializeError('plain text'), { message: 'plain text' });
  class CustomFailure extends Error {}
  const line = serializeError(Object.assign(new CustomFailure('no such table: leases'), { code: 'SQLITE_ERROR', where: 'PL/pgSQL function f() line 3', parameters: ['a@b.example'] }));
  assert.deepEqual(line, { type: 'CustomFailure', message: 'no such table: leases', code: 'SQLITE_ERROR' });
});
