// The status page's account of the tester's moves (modules/moves) and of when they can expect
// their invitation: "You moved from #812 to #640: 3 friends joined. Since then, 12 people passed
// you.", then the latest moves one by one. Every value goes through `html`; no other tester is named.
import { leastRecentlyUsed } from '../db/engine/least-recently-used.ts';
import type { TesterMoveRow } from '../db/tables/testers.ts';
import type { MoveCause } from '../modules/moves/record-moves.ts';
import { apiTime } from '../primitives/time.ts';
import { html, type Trusted } from './html.ts';

const nothing = html``;

/** Moves told together in the headline: a run of the same kind, newest first. */
const KIND: Record<MoveCause, string> = {
  signed_up: 'signed_up',
  referral_credited: 'friends',
  referral_accepted: 'friends',
  referral_held: 'held',
  referral_reversed: 'reversed',
  points_awarded: 'points_awarded',
  points_revoked: 'points_revoked',
  status_changed: 'status_changed',
  moved_by_owner: 'owner',
};

const plural = (count: number, one: string, many: string) => (count === 1 ? `1 ${one}` : `${count} ${many}`);

function reasonOf(kind: string, count: number): string | null {
  switch (kind) {
    case 'friends':
      return count === 1 ? 'a friend joined' : `${count} friends joined`;
    case 'points_awarded':
      return 'you earned points';
    case 'points_revoked':
      return 'points were taken back';
    case 'reversed':
      return count === 1 ? "a friend's referral was taken back" : `${count} friends' referrals were taken back`;
    default:
      return null;
  }
}

/**
 * "You moved from #A to #B: 3 friends joined." for the newest run of moves of one kind that moved
 * the tester, then how others moved them since: "Since then, 12 people passed you."
 */
export function movesHeadline(moves: readonly TesterMoveRow[], position: number | null): string | null {
  const newest = moves[0];
  if (!newest) return null;
  const kind = KIND[newest.cause as MoveCause];
  let run = 1;
  while (run < moves.length && KIND[moves[run].cause as MoveCause] === kind) run += 1;
  const [from, to] = [moves[run - 1].position_before, newest.position];
  const reason = reasonOf(kind, run);
  let told: string;
  if (kind === 'signed_up' && to !== null) told = `You joined the waitlist at #${to}.`;
  else if (kind === 'owner' && to !== null) told = `The organisers moved you to #${to}.`;
  else if (from !== null && to !== null && from !== to && reason) told = `You moved from #${from} to #${to}: ${reason}.`;
  else return null;
  if (position === null || to === null || position === to) return told;
  return position > to
    ? `${told} Since then, ${plural(position - to, 'person', 'people')} passed you.`
    : `${told} Since then, you moved up ${plural(to - position, 'place', 'places')} as others left the list.`;
}

/** Whom a move is told to: the tester (their status page) or the beta's team (the console's tester page). */
export type Voice = 'you' | 'they';

const WORDS: Record<Voice, Record<'signedUp' | 'joined' | 'left' | 'friend' | 'held' | 'accepted' | 'reversed' | 'earned' | 'revoked' | 'owner', string>> = {
  you: {
    signedUp: 'You signed up',
    joined: 'You joined the waitlist at',
    left: 'You left the waitlist',
    friend: 'A friend joined',
    held: 'A friend joined; their referral is being reviewed',
    accepted: "A friend's referral was accepted",
    reversed: "A friend's referral was taken back",
    earned: 'You earned points',
    revoked: 'Points were taken back',
    owner: 'The organisers moved you',
  },
  they: {
    signedUp: 'Signed up',
    joined: 'Joined the waitlist at',
    left: 'Left the waitlist',
    friend: 'A friend they referred joined',
    held: 'A friend they referred joined; the referral is held for review',
    accepted: 'A held referral was accepted',
    reversed: 'A referral was taken back',
    earned: 'Earned points',
    revoked: 'Points were taken back',
    owner: 'Moved by hand',
  },
};

/** One move in words, e.g. "A friend joined: #812 to #640". */
export function moveText(move: TesterMoveRow, voice: Voice): string {
  const words = WORDS[voice];
  const { position_before: from, position: to } = move;
  const moved = from !== null && to !== null && from !== to ? `: #${from} to #${to}` : to !== null ? `: #${to}` : '';
  switch (move.cause as MoveCause) {
    case 'signed_up':
      return to === null ? words.signedUp : `${words.joined} #${to}`;
    case 'referral_credited':
      return `${words.friend}${moved}`;
    case 'referral_held':
      return words.held;
    case 'referral_accepted':
      return `${words.accepted}${moved}`;
    case 'referral_reversed':
      return `${words.reversed}${moved}`;
    case 'points_awarded':
      return `${words.earned}${moved}`;
    case 'points_revoked':
      return `${words.revoked}${moved}`;
    case 'status_changed':
      return to === null ? words.left : `${words.joined} #${to}`;
    case 'moved_by_owner':
      return `${words.owner}${moved}`;
  }
}

/** The moves as list items, newest first: the day, then the move in words (and `after` it, when given). */
export function moveItems(moves: readonly TesterMoveRow[], voice: Voice, after: (move: TesterMoveRow) => Trusted = () => nothing): Trusted[] {
  return moves.map((move) => html`<li><time datetime="${apiTime(move.at)}">${dayOf(new Date(apiTime(move.at)))}</time> ${moveText(move, voice)}${after(move)}</li>`);
}

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const DAY_MS = 86_400_000;
/** Formatting a date took a few microseconds, and a status page shows up to six: each day is formatted once. */
const formattedDays = leastRecentlyUsed(1_000, (day: number) => DAY.format(new Date(day * DAY_MS)));

/** The day of an instant as the page shows it: "22 November 2026" (UTC). */
export function dayOf(date: Date): string {
  return formattedDays(Math.floor(date.getTime() / DAY_MS));
}

/** The headline and the latest moves, newest first; nothing before the first move. */
export function movesSection(moves: readonly TesterMoveRow[], position: number | null): Trusted {
  if (moves.length === 0) return nothing;
  const headline = movesHeadline(moves, position);
  return html`<section class="moves" aria-labelledby="moves-title">
<h2 id="moves-title">Your moves</h2>
${headline ? html`<p id="moves-headline">${headline}</p>` : nothing}
<ol class="moves-list" id="moves">
${moveItems(moves, 'you')}
</ol>
</section>`;
}

/** "Expected invitation: around 28 November 2026", when something says. */
export function estimateItem(estimated: Date | null): Trusted {
  if (estimated === null) return nothing;
  return html`<div><dt>Expected invitation</dt><dd id="standing-estimate">around ${dayOf(estimated)}</dd></div>`;
}
