import { Errors } from '../../primitives/errors.ts';
import type { App } from '../../http/app-type.ts';
import { principalOf } from '../../http/auth.ts';
import { BetaParams } from '../../http/schemas.ts';
import { presentSimulation } from './fraud-simulations.presenter.ts';
import { SimulationCreateBody, SimulationParams, SimulationSchema } from './fraud-simulations.schemas.ts';
import type { FraudSimulationsService } from './fraud-simulations.service.ts';

export function fraudSimulationsRoutes(app: App, simulations: FraudSimulationsService): void {
  const series = 'testers' as const;

  app.post('/api/v2/betas/:beta_id/fraud/simulations', {
    config: { permission: 'betas:write', series },
    schema: {
      operationId: 'createFraudSimulation',
      tags: ['Fraud review'],
      summary: 'Try fraud and signup settings on the beta’s testers',
      description:
        'Replays the beta’s testers in signup order under the settings given (the beta’s own for the rest), as a background job that changes nothing, ' +
        'and answers 202 with the simulation, running; read it with GET …/fraud/simulations/{id}.json. Once completed it says, for each rule, the testers ' +
        `it would flag, hold and refuse, with examples, and how many waitlist positions would change. A setting it does not take, or a value the beta’s settings refuse: 422 (${Errors.betasGeneral.code}).`,
      'x-extension': true,
      params: BetaParams,
      body: SimulationCreateBody,
      response: { 202: SimulationSchema },
    },
    handler: async (request, reply) =>
      reply.status(202).send(presentSimulation(await simulations.create(principalOf(request), request.params.beta_id, request.body ?? undefined))),
  });

  app.get('/api/v2/betas/:beta_id/fraud/simulations/:simulation_id', {
    config: { permission: 'testers:read', series },
    schema: {
      operationId: 'showFraudSimulation',
      tags: ['Fraud review'],
      summary: 'Show a fraud simulation',
      description: 'The simulation with its progress, and once completed what each rule would have done.',
      'x-extension': true,
      params: SimulationParams,
      response: { 200: SimulationSchema },
    },
    handler: async (request) => presentSimulation(await simulations.show(principalOf(request).companyId, request.params.beta_id, request.params.simulation_id)),
  });
}
