// buildApp: the HTTP application, with every route registered explicitly. It owns no resources:
// the database, services and workers are made by the caller (main.ts, tests) and handed in.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import Type from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import ajvFormatsModule from 'ajv-formats';
import type { Config } from './process/config.ts';
import type { Services } from './services.ts';
import type { RedisConnection } from './process/redis.ts';
import type { App } from './http/app-type.ts';
import { startWork } from './db/engine/connection-turns.ts';
import { authenticator } from './http/auth.ts';
import { registerBodyParsers } from './http/body-parsers.ts';
import { frameworkErrorHandler, registerErrorHandling } from './http/error-handler.ts';
import { declareErrorResponses } from './http/error-responses.ts';
import { limitConnectionsPerAddress, timeoutOptions } from './http/connection-limits.ts';
import { waitForHandlersOnClose } from './http/handlers-in-flight.ts';
import { healthRoutes } from './http/health.routes.ts';
import { registerIdempotency } from './http/idempotency.ts';
import { registerInputValueCheck } from './http/input-values.ts';
import { countBetaRequests } from './http/launch-latency.ts';
import { loggerOptions, requestIdOf } from './http/request-log.ts';
import { metricsRoutes, type MetricsEndpoint } from './http/metrics.routes.ts';
import type { RateLimits } from './http/rate-limits.ts';
import { declarePermissions, registerOpenApi } from './http/openapi.ts';
import { rewriteRequest } from './http/routing.ts';
import { ErrorBody } from './http/schemas.ts';
import { addFormBooleanKeyword } from './http/form-boolean.ts';
import { addAcceptedElsewhereKeyword } from './http/accepted-elsewhere.ts';
import { buildResponseSerializer } from './http/serialization.ts';
import { buildRequestValidator } from './http/validation.ts';
import './http/route-config.ts';

// ajv-formats is CommonJS: its plugin is the module itself or its default export, by loader.
// biome-ignore lint/suspicious/noExplicitAny: the plugin's type differs by loader; Fastify's ajv.plugins takes it as it is
const addFormats = ((ajvFormatsModule as unknown as { default?: unknown }).default ?? ajvFormatsModule) as any;
import { betasRoutes } from './modules/betas/betas.routes.ts';
import { pagePreviewRoutes } from './public/page-preview.routes.ts';
import { questionsRoutes } from './modules/questions/questions.routes.ts';
import { invitationCodesRoutes } from './modules/invitation-codes/invitation-codes.routes.ts';
import { testersRoutes } from './modules/testers/testers.routes.ts';
import { testerExportRoutes } from './modules/testers/export.routes.ts';
import { checkinsV1Routes } from './modules/testers/checkins-v1.routes.ts';
import { friendInvitationsRoutes } from './modules/friend-invitations/friend-invitations.routes.ts';
import { pointsRoutes } from './modules/points/points.routes.ts';
import { importsRoutes } from './modules/imports/imports.routes.ts';
import { bulkActionsRoutes } from './modules/bulk-actions/bulk-actions.routes.ts';
import { invitationSchedulesRoutes } from './modules/invitation-schedules/invitation-schedules.routes.ts';
import { fraudReviewRoutes } from './modules/fraud/fraud-review.routes.ts';
import { fraudSimulationsRoutes } from './modules/fraud/fraud-simulations.routes.ts';
import { suppressionsRoutes } from './modules/suppressions/suppressions.routes.ts';
import { rewardDefinitionsRoutes } from './modules/rewards/reward-definitions.routes.ts';
import { rewardsRoutes } from './modules/rewards/rewards.routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { emailsRoutes } from './modules/emails/emails.routes.ts';
import { membersRoutes } from './modules/members/members.routes.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { leaderboardRoutes } from './modules/leaderboard/leaderboard.routes.ts';
import { movesRoutes } from './modules/moves/moves.routes.ts';
import { apiKeysRoutes } from './modules/accounts/api-keys.routes.ts';
import { registerPublicSide } from './public/public-scope.ts';
import { registerConsole } from './console/console-scope.ts';
import { mcpRoutes } from './mcp/mcp.routes.ts';

export interface AppDependencies {
  config: Config;
  services: Services;
  isDatabaseReady: () => Promise<boolean>;
  rateLimits: RateLimits;
  /** The Redis connection the rate limits use, for /readyz; null without REDIS_URL. */
  redis: RedisConnection | null;
  /** Served at /metrics (unless METRICS_ENABLED=false) and told of every answered request; none = no /metrics. */
  metrics?: MetricsEndpoint;
  /** Where log lines go (stdout by default); tests read them from here. */
  logDestination?: NodeJS.WritableStream;
}

/** What both applications share: logging, request ids and the error body. */
function createFastify(config: Config, logDestination: NodeJS.WritableStream | undefined, metrics: MetricsEndpoint | undefined): App {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logDestination),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    ...timeoutOptions(config.http),
    genReqId: (request) => requestIdOf(request, config.trustProxy) ?? randomUUID(),
    requestIdHeader: false,
    rewriteUrl: rewriteRequest,
    frameworkErrors: frameworkErrorHandler,
    // Coercion for text (query, path, form bodies), none for JSON bodies (http/validation.ts).
    schemaController: { compilersFactory: { buildValidator: buildRequestValidator(), buildSerializer: buildResponseSerializer() } },
    ajv: {
      // allowUnionTypes: FormBoolean's type is boolean|string|integer (form text is normalised by its keyword).
      // verbose: a failed keyword's schema comes with its error (an enum's `x-accepted-elsewhere`).
      customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: true, allowUnionTypes: true, verbose: true },
      plugins: [addFormats, addFormBooleanKeyword, addAcceptedElsewhereKeyword],
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const maxConnections = config.http.maxConnectionsPerAddress;
  if (maxConnections !== null && !config.trustProxy) limitConnectionsPerAddress(app.server, maxConnections);
  app.addSchema(ErrorBody);
  // First hook: on SQLite every query of the request waits behind older requests' only (db/engine/connection-turns.ts).
  app.addHook('onRequest', (_request, _reply, done) => startWork(done));
  waitForHandlersOnClose(app);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  if (metrics && config.metricsEnabled) metricsRoutes(app, metrics, config.metricsToken);
  registerErrorHandling(app);
  return app;
}

export interface WorkerAppDependencies {
  config: Config;
  isDatabaseReady: () => Promise<boolean>;
  /** The worker's metrics, served at /metrics unless METRICS_ENABLED=false (same token rules as the API's). */
  metrics: MetricsEndpoint;
  logDestination?: NodeJS.WritableStream;
}

/**
 * What `prelaunch worker` serves on WORKER_METRICS_PORT: /metrics (its job attempts, which no API
 * process sees) and /healthz and /readyz for an orchestrator's probes. No API, no public pages.
 */
export function buildWorkerApp({ config, isDatabaseReady, metrics, logDestination }: WorkerAppDependencies): App {
  const app = createFastify(config, logDestination, metrics);
  healthRoutes(app, isDatabaseReady, null);
  return app;
}

export async function buildApp({ config, services, isDatabaseReady, rateLimits, redis, metrics, logDestination }: AppDependencies): Promise<App> {
  const app = createFastify(config, logDestination, metrics);
  await registerBodyParsers(app);
  registerInputValueCheck(app);
  await registerOpenApi(app, config.publicUrl);
  healthRoutes(app, isDatabaseReady, redis);
  // Pages and endpoints for visitors: no API key (the link, its token or the visitor's own signup is the authority).
  await registerPublicSide(app, services, rateLimits, config);
  // The owner console: its pages and the session endpoints (sign-in, setup, reset); the rest is the API below.
  await registerConsole(app, services, rateLimits, config);

  await app.register(async (api) => {
    const typed = api.withTypeProvider<TypeBoxTypeProvider>();
    typed.addHook('onRequest', authenticator(services.accounts, { sessions: services.sessions, publicUrl: config.publicUrl }));
    typed.addHook('onRequest', rateLimits.authenticated);
    countBetaRequests(typed, services.launchFigures);
    registerIdempotency(typed, services.idempotencyKeys);
    declareErrorResponses(typed, (description) => Type.Ref('ErrorBody', { description }));
    declarePermissions(typed);
    await betasRoutes(typed, services.betas, services.sandboxes, config.publicUrl);
    pagePreviewRoutes(typed, services.betas, services.visitors, config.publicUrl);
    questionsRoutes(typed, services.betas, services.questions);
    invitationCodesRoutes(typed, services.betas, services.invitationCodes);
    testersRoutes(typed, services.testers);
    testerExportRoutes(typed, services.testers);
    await importsRoutes(typed, services.imports);
    bulkActionsRoutes(typed, services.bulkActions);
    invitationSchedulesRoutes(typed, services.invitationSchedules);
    fraudReviewRoutes(typed, services.fraudReview);
    fraudSimulationsRoutes(typed, services.fraudSimulations);
    friendInvitationsRoutes(typed, services.friendInvitations);
    pointsRoutes(typed, services.points);
    suppressionsRoutes(typed, services.suppressions);
    rewardDefinitionsRoutes(typed, services.rewardDefinitions);
    rewardsRoutes(typed, services.rewards);
    webhooksRoutes(typed, services.webhooks);
    emailsRoutes(typed, services.emailTemplates, services.emailLog, services.emailPreviews, services.sendingBreaker);
    membersRoutes(typed, services.members);
    statsRoutes(typed, services.betaStats);
    leaderboardRoutes(typed, services.leaderboards);
    movesRoutes(typed, services.moves);
    apiKeysRoutes(typed, services.accounts);
  });
  // The same operations for an AI assistant, over the Model Context Protocol.
  mcpRoutes(app, services.accounts, config.mcpAllowWrites);
  await app.register(
    async (v1) => {
      registerIdempotency(v1, services.idempotencyKeys);
      await checkinsV1Routes(v1.withTypeProvider<TypeBoxTypeProvider>(), services.accounts, rateLimits, services.testers);
    },
    { prefix: '/api/v1' },
  );

  return app;
}
