// The launch panel's p99 (modules/stats/launch-figures.ts): every answered request of a scope
// whose route names a beta (the API's beta_id, the public pages' and embed's beta) counts its
// answer time in that beta's histogram. 401 and 404 were not answered as the beta's (no key, or a
// beta of no one or of another company): a stranger's guesses at ids never move an owner's figure.
import type { LaunchFigures } from '../modules/stats/launch-figures.ts';
import type { App } from './app-type.ts';

const NOT_THE_BETAS = new Set([401, 404]);

export function countBetaRequests(scope: App, launch: Pick<LaunchFigures, 'answered'>): void {
  scope.addHook('onResponse', (request, reply, done) => {
    const params = request.params as { beta_id?: unknown; beta?: unknown } | undefined;
    const beta = params?.beta_id ?? params?.beta;
    if (!NOT_THE_BETAS.has(reply.statusCode) && typeof beta === 'string') launch.answered(beta, reply.elapsedTime);
    done();
  });
}
