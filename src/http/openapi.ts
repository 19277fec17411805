// The OpenAPI 3.1 document, generated from the route schemas, and the interactive reference at /docs.
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorCodeDocs } from '../primitives/errors.ts';
import { addSecurityHeaders } from './security-headers.ts';

/**
 * Every error code the service answers, from the registry (src/primitives/errors.ts), for generated clients.
 * The plugin copies x- extensions into the document but does not type them, hence the spread.
 */
const errorCodesExtension = { 'x-error-codes': errorCodeDocs() };

// The one inline <style> Swagger UI renders: the colours of the Swagger logo in its top bar
// (".logo_small_svg__cls-2{fill:#fff}…" in swagger-ui-standalone-preset.js). Allowed by its hash
// rather than allowing every inline style; test/browser/docs.test.ts fails if an upgrade changes it.
const SWAGGER_LOGO_STYLE = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/**
 * Helmet's headers for /docs and its assets, as for the public pages: no framing, no sniffing, and
 * a CSP allowing only the reference's own files. Swagger UI sets its other styles through the DOM
 * (which the policy does not govern), shows a logo as a data: image, and "Try it out" calls the
 * API at PUBLIC_URL, which may be another origin than the one /docs was opened at. No
 * upgrade-insecure-requests (helmet's default policy and swagger-ui's own have it): on a
 * plain-HTTP install it would send every script and stylesheet request to https, where nothing
 * answers, and the reference would not render.
 */
function docsSecurity(publicUrl: string) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", SWAGGER_LOGO_STYLE],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", new URL(publicUrl).origin],
        formAction: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' as const },
    referrerPolicy: { policy: 'no-referrer' as const },
  };
}

/**
 * One tag per resource: a generated client makes a class of each. Every operation names one of
 * these (test/http/openapi-document.test.ts holds them to it).
 */
export const TAGS = [
  { name: 'Betas', description: 'Projects: their settings and counters' },
  { name: 'Testers', description: 'Users of a beta: signup, profile, status, standing' },
  { name: 'Imports', description: 'Extension: testers imported from a CSV file, with a dry run first' },
  { name: 'Bulk actions', description: 'Extension: invite the top of the waitlist, or change the status of every tester a filter matches, previewed, then run in the background' },
  { name: 'Invitation schedules', description: 'Extension: invitation waves on a schedule (the top N every day or week, or anyone reaching a number of referrals), simulated before they run, each run as a bulk invite' },
  { name: 'Fraud review', description: 'Extension: flagged testers with their signals explained, approved or rejected one by one or in bulk, and the log of decisions' },
  { name: 'Checkins', description: 'A tester coming back: active, with a day recorded' },
  { name: 'Friend invitations', description: 'A tester inviting a friend, who becomes an invited tester' },
  { name: 'Points', description: 'Bonus points that move a tester up a points-ordered waitlist' },
  { name: 'Suppressions', description: 'Addresses that receive no e-mail' },
  { name: 'Rewards', description: 'Rewards issued to testers' },
  { name: 'Reward definitions', description: 'Extension: the rewards a beta can issue, and how many referrals earn a milestone' },
  { name: 'Reward rules', description: 'Extension: which reward a custom event issues' },
  { name: 'Signup questions', description: 'Extension: questions testers answer in `responses`' },
  { name: 'Invitation codes', description: 'Extension: custom codes any signup may use' },
  { name: 'Webhooks', description: "Extension: the beta's events sent to your endpoints, and their delivery log" },
  { name: 'E-mail', description: "Extension: the beta's e-mail templates and the messages rendered from them" },
  { name: 'Members', description: "Extension: the company's members, who sign in to the console, and their roles" },
  { name: 'API keys', description: "Extension: the company's API keys, their permissions and expiry" },
  { name: 'v1', description: 'The original v1 checkin, XML both ways' },
];

export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Prelaunch API',
        version: '2',
        description:
          'The v2 interface for prelaunch, waitlist and referral campaigns. Operations marked `x-extension: true` go beyond ' +
          'the original interface.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          basic: { type: 'http', scheme: 'basic', description: 'API key as the user name, empty password' },
          bearer: { type: 'http', scheme: 'bearer' },
          apiKey: { type: 'apiKey', in: 'query', name: 'api_key' },
        },
      },
      security: [{ basic: [] }, { bearer: [] }, { apiKey: [] }],
      tags: TAGS,
      ...errorCodesExtension,
    },
  });
  // A scope of its own, so that these headers stay on /docs (the API's JSON answers carry none).
  await app.register(async (docs) => {
    addSecurityHeaders(docs, docsSecurity(publicUrl));
    await docs.register(swaggerUi, { routePrefix: '/docs' });
  });
  app.get('/api/v2/openapi', { schema: { hide: true } }, async () => app.swagger());
}

/**
 * Writes each route's permission into its operation as `x-permission`, as the route is registered,
 * so that a client of the document (the MCP server's tools among them) knows which operations a
 * key may call without trying them.
 */
export function declarePermissions(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (permission) route.schema = { ...route.schema, 'x-permission': permission };
  });
}
