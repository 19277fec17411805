// What each route declares besides its schema: the permission it needs, the error series it
// answers in (its "General error" code for validation and unexpected failures) and the rate limit
// it counts against besides its key's default (rate-limits.ts).
import type { Permission } from '../modules/accounts/permissions.ts';
import type { Principal } from '../modules/accounts/accounts.service.ts';
import type { GeneralErrors } from '../primitives/errors.ts';
import type { RateLimitScope } from './rate-limits.ts';

export type ErrorSeries = keyof typeof GeneralErrors;

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
    series?: ErrorSeries;
    rateLimit?: RateLimitScope;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
  interface FastifySchema {
    /** In the OpenAPI document: the operation goes beyond the original interface. */
    'x-extension'?: boolean;
    /** In the OpenAPI document: the permission a key needs for the operation (declarePermissions). */
    'x-permission'?: Permission;
  }
}
