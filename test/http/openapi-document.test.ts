// The OpenAPI document is complete enough to generate a client from: every operation has a unique
// camelCase operationId and a tag the document describes.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../support/context.ts';
import { documentedOperations, type Operation } from '../support/openapi.ts';

describe('the OpenAPI document', () => {
  let ctx: TestContext;
  let document: any;
  let operations: Operation[];
  before(async () => {
    ctx = await startTestContext();
    document = (await ctx.request('GET', '/docs/json', { key: null })).body;
    operations = documentedOperations(document);
  });
  after(() => ctx.close());

  test('every operation has a unique camelCase operationId and one or more tags the document describes', () => {
    assert.ok(operations.length >= 54, `${operations.length} operations`);
    const described = new Set(document.tags.map((tag: { name: string; description?: string }) => {
      assert.ok(tag.description, `tag ${tag.name} has a description`);
      return tag.name;
    }));
    const ids = new Set<string>();
    for (const operation of operations) {
      const { operationId, tags } = operation.spec;
      assert.match(operationId ?? '', /^[a-z][a-zA-Z0-9]*$/, `${operation.label}: operationId ${operationId}`);
      assert.ok(!ids.has(operationId), `${operation.label}: operationId ${operationId} is used twice`);
      ids.add(operationId);
      assert.ok(Array.isArray(tags) && tags.length > 0, `${operation.label}: tags`);
      for (const tag of tags) assert.ok(described.has(tag), `${operation.label}: tag ${tag} is not in the document's tags`);
    }
    assert.ok(!described.has('extension'), 'extensions are marked by x-extension, not by a tag');
  });
});
