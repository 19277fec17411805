// `npm run client:generate`: client/api-types.ts from the OpenAPI document of the app as it is now
// (built on a throwaway database, as the tests build it).
import { writeFileSync } from 'node:fs';
import { clientTypes } from '../client/generate.ts';
import { startTestContext } from '../test/support/context.ts';

const ctx = await startTestContext();
try {
  const path = new URL('../client/api-types.ts', import.meta.url);
  writeFileSync(path, await clientTypes(ctx.app.swagger()));
  console.log('client/api-types.ts written from the OpenAPI document');
} finally {
  await ctx.close();
}
