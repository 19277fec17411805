// The public leaderboard's two answers (the embed's JSON and the page), rendered once per board a
// process keeps (LeaderboardService.forVisitors) and remembered with that board, so they go when
// it does: while it is kept, a request serializes and renders nothing.
import type { Beta } from '../modules/betas/betas.service.ts';
import { presentPublicBoard } from '../modules/leaderboard/leaderboard.presenter.ts';
import type { PublicBoard } from '../modules/leaderboard/leaderboard.service.ts';
import { prepareAnswer, type PreparedAnswer } from '../http/prepared-answers.ts';
import { htmlDocument } from './html.ts';
import { leaderboardPage } from './standing-sections.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const HTML_TYPE = 'text/html; charset=utf-8';

const jsonOf = new WeakMap<PublicBoard, PreparedAnswer>();
/** The page names the beta (its name, its signup page's slug): rendered again when either changed meanwhile. */
const pageOf = new WeakMap<PublicBoard, { name: string; slug: string | null; answer: PreparedAnswer }>();

export function boardJson(board: PublicBoard): PreparedAnswer {
  let answer = jsonOf.get(board);
  if (!answer) jsonOf.set(board, (answer = prepareAnswer(JSON_TYPE, JSON.stringify(presentPublicBoard(board)))));
  return answer;
}

export function boardPage(beta: Beta, board: PublicBoard): PreparedAnswer {
  const kept = pageOf.get(board);
  if (kept && kept.name === beta.name && kept.slug === beta.slug) return kept.answer;
  const answer = prepareAnswer(HTML_TYPE, htmlDocument(`${beta.name}: leaderboard`, leaderboardPage(beta, board), {}));
  pageOf.set(board, { name: beta.name, slug: beta.slug, answer });
  return answer;
}

/**
 * How long a browser or a shared cache may keep the answer: the whole seconds the process itself
 * still answers with the board, so no copy anywhere is older than the process's own could be.
 */
export function secondsKept(board: PublicBoard, now = Date.now()): number {
  return Math.max(0, Math.floor((board.keptUntil - now) / 1000));
}
