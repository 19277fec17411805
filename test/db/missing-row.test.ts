// missingRow (db/errors.ts) on both drivers: a foreign key naming a row that is gone, or a
// statement that had to find a row and found none, says "the parent vanished"; heldBy (the betas
// module) answers such a write with the beta's 404 and lets every other error through as it was.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { foreignKeyViolation, missingRow, uniqueViolation } from '../../src/db/errors.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { ApiError, Errors } from '../../src/primitives/errors.ts';
import { heldBy } from '../../src/modules/betas/betas.service.ts';
import { createTestDatabase } from '../support/context.ts';

const NOW = '2026-11-23T10:00:00Z';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let betaId: number;

before(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  database = openDatabase(created.url);
  await migrateToLatest(database);
  const company = await database.db.insertInto('companies').values({ name: 'Acme', created_at: NOW, updated_at: NOW }).returning('id').executeTakeFirstOrThrow();
  ({ id: betaId } = await database.db
    .insertInto('betas')
    .values({ company_id: company.id, name: 'One', homepage_url: 'https://example.com/', settings: '{}', created_at: NOW, updated_at: NOW })
    .returning('id')
    .executeTakeFirstOrThrow());
});

after(async () => {
  await database.close();
  await drop();
});

/** A question of the beta, as one statement. */
const insertQuestion = (beta: number, id?: number) =>
  database.db
    .insertInto('questions')
    .values({ ...(id === undefined ? {} : { id }), beta_id: beta, kind: 'text', prompt: 'Why?', choices: '[]', required: 0, created_at: NOW })
    .returningAll()
    .executeTakeFirstOrThrow();

/** What `statement` rejects with. */
async function failureOf(statement: Promise<unknown>): Promise<unknown> {
  try {
    await statement;
  } catch (error) {
    return error;
  }
  assert.fail('the statement succeeded');
}

test('a foreign key naming a row that is gone is a missing row', async () => {
  const error = await failureOf(insertQuestion(betaId + 1000));
  assert.notEqual(foreignKeyViolation(error), null, String(error));
  assert.equal(missingRow(error), true);
});

test('a statement that had to find a row and found none is a missing row', async () => {
  const error = await failureOf(database.db.selectFrom('betas').select('id').where('id', '=', betaId + 1000).executeTakeFirstOrThrow());
  assert.equal(missingRow(error), true);
});

test('other failures are not', async () => {
  const question = await insertQuestion(betaId);
  const duplicate = await failureOf(insertQuestion(betaId, question.id));
  assert.notEqual(uniqueViolation(duplicate), null, String(duplicate));
  for (const error of [duplicate, new Error('no result'), Errors.notFound('Beta not found'), 'text', null, undefined]) {
    assert.equal(missingRow(error), false, String(error));
  }
});

test('heldBy: a write whose beta is gone is the beta\'s 404; anything else fails as it did; a success is its value', async () => {
  const gone = await failureOf(heldBy(insertQuestion(betaId + 1000)));
  assert.ok(gone instanceof ApiError, String(gone));
  assert.equal(gone.statusCode, 404);
  assert.deepEqual(gone.errors, [{ code: Errors.notFound.code, message: 'Beta not found' }]);
  const question = await heldBy(insertQuestion(betaId));
  assert.equal(question.beta_id, betaId);
  const duplicate = await failureOf(heldBy(insertQuestion(betaId, question.id)));
  assert.ok(!(duplicate instanceof ApiError) && uniqueViolation(duplicate) !== null, String(duplicate));
});
