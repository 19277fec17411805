// A tester's moves (GET /api/v2/betas/{beta_id}/testers/{tester_id}/moves.json): an extension, read with testers:read.
import Type from 'typebox';
import type { App } from '../../http/app-type.ts';
import { principalOf } from '../../http/auth.ts';
import { pageOf, sendPage } from '../../http/pagination.ts';
import { TesterParams } from '../testers/testers.schemas.ts';
import { presentMove } from './moves.presenter.ts';
import { MoveListQuery, MoveSchema } from './moves.schemas.ts';
import type { MovesService } from './moves.service.ts';

export function movesRoutes(app: App, moves: MovesService): void {
  app.get('/api/v2/betas/:beta_id/testers/:tester_id/moves', {
    config: { permission: 'testers:read', series: 'testers' },
    schema: {
      operationId: 'listTesterMoves',
      tags: ['Testers'],
      'x-extension': true,
      summary: "List a tester's moves",
      description:
        "Every change of the tester's own standing, newest first, with its cause and the position right after it: a referral credited, held or accepted, points awarded or revoked, " +
        'the tester joining or leaving the waitlist, the owner moving the tester by hand. Positions that move because of other testers (drift) are not moves.',
      params: TesterParams,
      querystring: MoveListQuery,
      response: { 200: Type.Array(MoveSchema) },
    },
    handler: async (request, reply) => {
      const page = pageOf(request.query);
      const result = await moves.list(principalOf(request).companyId, request.params.beta_id, request.params.tester_id, page);
      return sendPage(request, reply, page, { ...result, items: result.items.map(presentMove) });
    },
  });
}
