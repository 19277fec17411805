// What each route declares besides its schema: the permission it needs and the error series it
// answers in (its "General error" code for validation and unexpected failures).
import type { Permission } from '../modules/accounts/permissions.ts';
import type { Principal } from '../modules/accounts/accounts.service.ts';
import type { GeneralCodes } from '../errors.ts';

export type ErrorSeries = keyof typeof GeneralCodes;

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
    series?: ErrorSeries;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}
