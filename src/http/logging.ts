// Log options: request lines never carry a credential (api_key query values and the tokens of
// unsubscribe and confirmation links and the check of a status link are masked, and headers are
// not logged at all).
import type { FastifyServerOptions } from 'fastify';

export function maskSecrets(url: string): string {
  return url.replace(/([?&](?:api_key|check)=)[^&#]*/gi, '$1[redacted]').replace(/^(\/(?:unsubscribe|confirm)\/)[^/?#]+/, '$1[redacted]');
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: { method: string; url: string; ip?: string; id?: string }) => ({
        method: request.method,
        url: maskSecrets(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}
