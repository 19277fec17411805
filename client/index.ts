// A typed client for the whole Prelaunch API: openapi-fetch over the types generated from the
// OpenAPI document (api-types.ts), so every path, parameter, body and answer is checked by the
// compiler. See client/README.md.
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './api-types.ts';

export type { components, operations, paths } from './api-types.ts';

export interface PrelaunchClientOptions {
  /** The server's address, e.g. http://localhost:3000 (the paths start with /api/v2). */
  baseUrl: string;
  /** An API key (`pl_…`): sent as a bearer token. */
  apiKey: string;
  /** Another fetch (a test's, a proxy's); the global one by default. */
  fetch?: typeof globalThis.fetch;
}

export type PrelaunchClient = Client<paths>;

export function createPrelaunchClient(options: PrelaunchClientOptions): PrelaunchClient {
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
