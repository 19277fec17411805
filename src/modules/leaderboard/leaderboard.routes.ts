// The owner's leaderboard (GET /api/v2/betas/{beta_id}/leaderboard.json) and a tester's progress
// (GET …/testers/{tester_id}/progress.json): extensions, read with testers:read.
import type { App } from '../../http/app-type.ts';
import { principalOf } from '../../http/auth.ts';
import { BetaParams } from '../../http/schemas.ts';
import { TesterParams } from '../testers/testers.schemas.ts';
import { presentOwnerBoard, presentProgress } from './leaderboard.presenter.ts';
import { OwnerLeaderboardSchema, ProgressSchema } from './leaderboard.schemas.ts';
import type { LeaderboardService } from './leaderboard.service.ts';

export function leaderboardRoutes(app: App, leaderboards: LeaderboardService): void {
  app.get('/api/v2/betas/:beta_id/leaderboard', {
    config: { permission: 'testers:read', series: 'testers' },
    schema: {
      operationId: 'showLeaderboard',
      tags: ['Testers'],
      'x-extension': true,
      summary: 'Show the leaderboard',
      description:
        'The board visitors see at /public/betas/{beta_id}/leaderboard, read now and whether or not it is enabled, with each tester\'s id, address and waitlist position: ' +
        'the first leaderboard_size testers of the waitlist, in its order, leaving out testers whose fraud flags await review or were rejected.',
      params: BetaParams,
      response: { 200: OwnerLeaderboardSchema },
    },
    handler: async (request) => {
      const { beta, board } = await leaderboards.forOwner(principalOf(request).companyId, request.params.beta_id);
      return presentOwnerBoard(beta, board);
    },
  });

  app.get('/api/v2/betas/:beta_id/testers/:tester_id/progress', {
    config: { permission: 'testers:read', series: 'testers' },
    schema: {
      operationId: 'showTesterProgress',
      tags: ['Testers'],
      'x-extension': true,
      summary: "Show a tester's progress",
      description:
        "The tester's standing, the position one more credited referral would give them, and the beta's milestone rewards they have not reached, with the referrals each still needs: " +
        'what their status page shows.',
      params: TesterParams,
      response: { 200: ProgressSchema },
    },
    handler: async (request) => presentProgress(await leaderboards.progress(principalOf(request).companyId, request.params.beta_id, request.params.tester_id)),
  });
}
