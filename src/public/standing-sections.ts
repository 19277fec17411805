// The status page's sections beyond the standing itself (views.ts, standingPage) and the public
// leaderboard page: the reward ladder, what one more referral would do, the leaderboard, the share
// link's QR code and the form that sets the tester's public name. Every value goes through `html`;
// no address is shown whole (maskedEmail, or the name the tester chose).
import type { Beta } from '../modules/betas/betas.service.ts';
import type { PublicBoard } from '../modules/leaderboard/leaderboard.service.ts';
import type { Progress } from '../modules/leaderboard/progress.ts';
import { LEADERBOARD_NAME_MAX_LENGTH } from '../modules/testers/leaderboard-name.ts';
import { maskedEmail } from '../modules/testers/masked-email.ts';
import type { StatusTester } from '../modules/visitors/visitors.service.ts';
import { html, type Trusted } from './html.ts';

const nothing = html``;

const friends = (count: number) => (count === 1 ? '1 more friend' : `${count} more friends`);
const referralsText = (count: number) => (count === 1 ? '1 referral' : `${count} referrals`);

/**
 * Each milestone reward of the beta, reached or not, and a bar of the tester's progress to the
 * next: "2 more friends to unlock Early access". Nothing when the beta has no milestones.
 */
export function ladderSection(progress: Progress): Trusted {
  if (progress.milestones.length === 0) return nothing;
  const referrals = progress.share_signups_count;
  const next = progress.next_rewards[0];
  const headline = next
    ? html`<p id="ladder-next">${friends(next.referrals_needed)} to unlock <strong>${next.name}</strong></p>
<progress id="ladder-progress" max="${next.referrals_required}" value="${referrals}" aria-labelledby="ladder-next">${referrals} of ${next.referrals_required}</progress>`
    : html`<p id="ladder-next">You have unlocked every reward.</p>`;
  return html`<section class="ladder" aria-labelledby="ladder-title">
<h2 id="ladder-title">Reward ladder</h2>
${headline}
<ol class="ladder-steps" id="ladder-steps">
${progress.milestones.map((milestone) => {
  const reached = milestone.referrals_required <= referrals;
  return html`<li class="${reached ? 'reached' : 'ahead'}"><span class="ladder-name">${milestone.name}</span> <span class="ladder-need">${referralsText(milestone.referrals_required)}${reached ? html` · <strong>unlocked</strong>` : nothing}</span></li>`;
})}
</ol>
</section>`;
}

/** "One more friend moves you to #640": only when it would move the tester up. */
export function oneMoreSection(progress: Progress): Trusted {
  const { waitlist_position: now, position_with_one_more_referral: then } = progress;
  if (now === null || then === null || then >= now) return nothing;
  return html`<p class="one-more" id="one-more">One more friend moves you to <strong>#${then}</strong>.</p>`;
}

/** Per board kept (LeaderboardService.forVisitors), its table with no row marked: what most status pages show. */
const unmarkedTables = new WeakMap<PublicBoard, Trusted>();

/** The board as a table; the tester's own row marked when `testerId` is on it. */
export function leaderboardTable(board: PublicBoard, testerId?: number): Trusted {
  if (board.entries.some((entry) => entry.testerId === testerId)) return renderedTable(board, testerId);
  let table = unmarkedTables.get(board);
  if (!table) unmarkedTables.set(board, (table = renderedTable(board)));
  return table;
}

function renderedTable(board: PublicBoard, testerId?: number): Trusted {
  if (board.entries.length === 0) return html`<p id="leaderboard-empty">Nobody is on the leaderboard yet.</p>`;
  return html`<table class="leaderboard-table" id="leaderboard">
<thead><tr><th scope="col">Rank</th><th scope="col">Name</th><th scope="col">Referrals</th><th scope="col">Points</th></tr></thead>
<tbody>
${board.entries.map((entry) => {
  const own = entry.testerId === testerId;
  return html`<tr${own ? html` class="own" id="leaderboard-own" aria-current="true"` : nothing}><td>${entry.rank}</td><td>${entry.name}${own ? html` <span class="own-tag">(you)</span>` : nothing}</td><td>${entry.referrals}</td><td>${entry.points}</td></tr>`;
})}
</tbody>
</table>`;
}

/** The leaderboard's top on the status page, when the beta shows one. */
export function leaderboardSection(board: PublicBoard | undefined, tester: Pick<StatusTester, 'id'>): Trusted {
  if (!board) return nothing;
  return html`<section class="leaderboard" aria-labelledby="leaderboard-title">
<h2 id="leaderboard-title">Leaderboard</h2>
${leaderboardTable(board, tester.id)}
</section>`;
}

/** The share link as a QR code (the image is the share link's own route), to open it on another phone. */
export function qrSection(tester: Pick<StatusTester, 'referral_code'>): Trusted {
  return html`<figure class="share-qr" id="share-qr">
<img src="/r/${encodeURIComponent(tester.referral_code)}/qr.svg" width="160" height="160" alt="QR code of your share link">
<figcaption>Scan it to open your share link on another device.</figcaption>
</figure>`;
}

export interface NameFormState {
  value: string;
  error: string | null;
  saved: boolean;
}

/**
 * The form that sets or clears the tester's public name. It posts to the status page's URL (also
 * from a confirmation page, which shows the standing too), whose check is the tester's capability
 * (as a confirmation link's token is): a page on another site cannot post it without knowing the
 * check, and the page sends no Referer.
 */
export function publicNameSection(tester: Pick<StatusTester, 'referral_code' | 'uuid' | 'email' | 'leaderboard_name'>, state: NameFormState): Trusted {
  const invalid = state.error ? html` aria-invalid="true"` : nothing;
  const describedBy = state.error ? 'public-name-hint leaderboard_name-error' : 'public-name-hint';
  return html`<section class="public-name" aria-labelledby="public-name-title">
<h2 id="public-name-title">Your public name</h2>
${state.saved ? html`<p class="saved" id="public-name-saved" role="status">${tester.leaderboard_name === null ? 'Your public name is removed.' : 'Your public name is saved.'}</p>` : nothing}
<form method="post" action="/r/${tester.referral_code}?check=${tester.uuid}" id="public-name-form" novalidate>
<div class="field">
<label for="field-leaderboard_name">Name shown on the leaderboard</label>
<p class="hint" id="public-name-hint">Up to ${LEADERBOARD_NAME_MAX_LENGTH} characters. Without one, the leaderboard shows ${maskedEmail(tester.email)}.</p>
<input id="field-leaderboard_name" name="leaderboard_name" type="text" autocomplete="nickname" value="${state.value}" aria-describedby="${describedBy}"${invalid}>
${state.error ? html`<p class="error" id="leaderboard_name-error">${state.error}</p>` : nothing}
</div>
<div class="public-name-actions">
<button type="submit" id="public-name-save">Save name</button>
${tester.leaderboard_name === null ? nothing : html`<button type="submit" name="clear" value="1" class="secondary" id="public-name-clear">Remove my name</button>`}
</div>
</form>
</section>`;
}

/** The public leaderboard page (/b/{beta}/leaderboard). */
export function leaderboardPage(beta: Beta, board: PublicBoard): Trusted {
  const signup = `/b/${encodeURIComponent(beta.slug ?? String(beta.id))}`;
  return html`<h1>${beta.name}: leaderboard</h1>
<p class="lead">The front of the waitlist. It is updated every few seconds.</p>
${leaderboardTable(board)}
<p class="leaderboard-join"><a href="${signup}" id="leaderboard-signup">Join the waitlist</a></p>`;
}
