// The client's types from the OpenAPI document the server serves: `npm run client:generate`
// rewrites client/api-types.ts; test/client/typed-client.test.ts fails while the file differs from
// what this makes, so the client never drifts from the API.
import openapiTS, { astToString } from 'openapi-typescript';

const HEADER = `// Generated from the OpenAPI document (/api/v2/openapi.json) by \`npm run client:generate\`:
// edit the routes' schemas, not this file.
`;

/** The TypeScript types of every path, operation and schema of the document. */
export async function clientTypes(document: unknown): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], { alphabetize: true });
  return `${HEADER}\n${astToString(ast)}`;
}
