// One tester: profile, answers, standing, fraud flags, referrals (a page at a time, one level more
// on demand), points, rewards, e-mails and webhook events, each read from the management API; and the actions
// (status, invite, move to the front or back to the earned place, points, rewards, resend the
// confirmation, delete), each refreshing what it changed. The webhook events are those among the
// beta's latest (the API bounds the look).
import { SHARE_CHANNEL_NAMES, call, count, el, handle, messagesOf, number, pageBetaId, role, say, start, when } from './core.js';

const betaId = pageBetaId();
const testerId = window.location.pathname.split('/').filter(Boolean).pop();
const api = `/api/v2/betas/${betaId}`;
const consoleBase = `/console/betas/${betaId}/testers`;
const writer = role !== 'viewer';
const PER_PAGE = 25;
let tester;
let referralsPage = 1;

const moment = (time) => when(time) || '—';
const dl = (id, pairs) => document.getElementById(id).replaceChildren(...pairs.flatMap(([term, value]) => [el('dt', {}, term), el('dd', {}, value ?? '—')]));
const q = (value) => encodeURIComponent(value);

/** Shows a refusal (or a success) above the page's sections. */
function report(failure) {
  document.getElementById('tester-done').hidden = true;
  say('tester-error', messagesOf(failure));
}
function done(text) {
  document.getElementById('tester-error').hidden = true;
  say('tester-done', text);
}

async function loadTester() {
  tester = await call('GET', `${api}/testers/${testerId}`);
  document.querySelector('h1').textContent = tester.email;
  document.title = `${tester.email} · Prelaunch console`;
  const p = tester.profile;
  dl('tester-profile', [
    ['E-mail', tester.email],
    ['Name', [p.first_name, p.last_name].filter(Boolean).join(' ') || null],
    ['Public name', tester.leaderboard_name],
    ['Status', tester.status],
    ['Groups', tester.groups || null],
    ['Joined', moment(tester.created_at)],
    ['Applied', moment(tester.applied_at)],
    ['Invited', moment(tester.invited_at)],
    ['Active since', moment(tester.joined_at)],
    ['Country', p.country],
    ['Employer', p.employer],
    ['Job title', p.jobtitle],
    ['Source', [p.utm_source, p.utm_medium, p.utm_campaign].filter(Boolean).join(' / ') || null],
    ['Referral code', tester.referral_code],
    ['Share link', tester.share_link],
  ]);
  dl('tester-standing', [
    ['Position', tester.waitlist_position === null ? 'Not on the waitlist' : `${number(tester.waitlist_position)} of ${number(tester.waitlist_length)}`],
    ['Ahead', tester.waitlist_ahead === null ? null : number(tester.waitlist_ahead)],
    ['Behind', tester.waitlist_behind === null ? null : number(tester.waitlist_behind)],
    ['Priority', tester.priority ? `${number(tester.priority)}: placed by hand` : 'None: their earned place'],
    ['Referrals', number(tester.share_signups_count)],
    ['Share clicks', number(tester.share_clicks_count)],
  ]);
  const resend = document.getElementById('resend-confirmation');
  if (resend) resend.hidden = tester.status !== 'unconfirmed';
  const front = document.getElementById('move-to-front');
  if (front) front.hidden = tester.status !== 'applied';
  const earned = document.getElementById('earned-place');
  if (earned) earned.hidden = tester.priority === 0;
  const flags = tester.fraud.flags;
  document.getElementById('tester-flags').replaceChildren(
    ...(flags.length ? flags.map((flag) => el('li', {}, el('strong', {}, flag.name), `: ${flag.reason}`)) : [el('li', {}, 'None')]),
  );
  const referrer = document.getElementById('tester-referrer');
  if (tester.referred_by) {
    const [found] = await call('GET', `${api}/testers?email_is=${q(tester.referred_by)}&per_page=1`);
    const who = found ? el('a', { href: `${consoleBase}/${found.id}` }, tester.referred_by) : tester.referred_by;
    const channel = tester.referral_channel ? ` through ${SHARE_CHANNEL_NAMES[tester.referral_channel] ?? tester.referral_channel}` : '';
    referrer.replaceChildren('Referred by ', who, channel, tester.fraud.referral ? ` (referral ${tester.fraud.referral})` : '', '.');
  } else referrer.textContent = 'Not referred by anyone.';
}

async function loadAnswers() {
  const answers = await call('GET', `${api}/testers/${testerId}/responses`);
  if (answers.length) dl('tester-answers', answers.map((a) => [a.question, a.answer]));
  else document.getElementById('tester-answers').replaceChildren(el('dt', {}, 'Answers'), el('dd', {}, 'None'));
}

/** A page of the testers someone referred, with the X-Pagination facts. */
async function referralsOf(id, page) {
  const response = await fetch(`${api}/testers?referrer_id=${id}&page=${page}&per_page=${PER_PAGE}`, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  const body = await response.json();
  if (!response.ok) throw Object.assign(new Error('refused'), { status: response.status, errors: body?.errors ?? [] });
  return { items: body, facts: JSON.parse(response.headers.get('x-pagination') ?? '{}') };
}

function referralRow(referred, nested) {
  const cells = [
    el('td', {}, nested ? '↳ ' : '', el('a', { href: `${consoleBase}/${referred.id}` }, referred.email)),
    el('td', {}, referred.status),
    el('td', {}, number(referred.share_signups_count)),
    el('td', {}, moment(referred.created_at)),
  ];
  const row = el('tr', nested ? { class: 'nested' } : {}, ...cells);
  if (!nested && referred.share_signups_count > 0) {
    const button = el('button', { type: 'button', class: 'link', 'aria-expanded': 'false', 'data-email': referred.email });
    label(button, 'Show');
    button.addEventListener('click', () => expand(row, referred, button).catch(report));
    cells[2].append(' ', button);
  }
  return row;
}

/** The tree's button says what it does, and for whom (its visible text first, as its name). */
function label(button, verb) {
  button.textContent = `${verb} their referrals`;
  button.setAttribute('aria-label', `${verb} their referrals (${button.dataset.email})`);
}

/** One more level of the tree under `row`: the first page of that tester's referrals. */
async function expand(row, referred, button) {
  if (button.getAttribute('aria-expanded') === 'true') {
    for (const nested of document.querySelectorAll(`tr[data-under="${referred.id}"]`)) nested.remove();
    button.setAttribute('aria-expanded', 'false');
    label(button, 'Show');
    return;
  }
  const { items, facts } = await referralsOf(referred.id, 1);
  const rows = items.map((item) => referralRow(item, true));
  if (facts.total_count > items.length) {
    rows.push(el('tr', { class: 'nested' }, el('td', { colspan: '4' }, '↳ ', el('a', { href: `${consoleBase}/${referred.id}` }, `${count(facts.total_count - items.length, 'more referral')} on their page`))));
  }
  for (const nested of rows) nested.dataset.under = String(referred.id);
  row.after(...rows);
  button.setAttribute('aria-expanded', 'true');
  label(button, 'Hide');
}

async function loadReferrals() {
  const { items, facts } = await referralsOf(tester.id, referralsPage);
  document.getElementById('tester-referrals').replaceChildren(...items.map((item) => referralRow(item, false)));
  const total = facts.total_count ?? 0;
  document.getElementById('referrals-status').textContent = total
    ? `${count(total, 'direct referral')}${facts.total_estimated ? ' (about)' : ''}; page ${number(referralsPage)} of ${number(facts.pages)}.`
    : 'They have referred no one.';
  document.getElementById('referrals-previous').disabled = referralsPage <= 1;
  document.getElementById('referrals-next').disabled = !facts.next_page;
}

async function loadPoints() {
  const points = await call('GET', `${api}/points?email=${q(tester.email)}&per_page=100`);
  const total = points.filter((point) => !point.revoked_at).reduce((sum, point) => sum + point.quantity, 0);
  document.getElementById('points-status').textContent = `${count(total, 'point')} in all; the ledger's first ${number(points.length)} entries below, newest first.`;
  document.getElementById('tester-points').replaceChildren(
    ...points
      .slice()
      .reverse()
      .map((point) => {
        const state = el('td', {}, point.revoked_at ? `Revoked ${moment(point.revoked_at)}` : 'Counted');
        if (writer && !point.revoked_at) {
          const revoke = el('button', { type: 'button', class: 'secondary', 'aria-label': `Revoke ${number(point.quantity)} points of ${moment(point.created_at)}` }, 'Revoke');
          revoke.addEventListener('click', () => act(() => call('DELETE', `${api}/points/${point.id}`), 'The points are revoked.', loadPoints, loadTester));
          state.append(' ', revoke);
        }
        return el('tr', {}, el('td', {}, moment(point.created_at)), el('td', {}, point.activity), el('td', {}, number(point.quantity)), el('td', {}, point.reason ?? ''), state);
      }),
  );
}

async function loadRewards() {
  const rewards = await call('GET', `${api}/rewards?email=${q(tester.email)}&per_page=100`);
  document.getElementById('rewards-status').textContent = rewards.length ? count(rewards.length, 'reward') : 'No reward yet.';
  document.getElementById('tester-rewards').replaceChildren(
    ...rewards.map((reward) => {
      const status = el('td', {}, reward.status);
      if (writer && reward.status !== 'revoked') {
        const revoke = el('button', { type: 'button', class: 'secondary', 'aria-label': `Revoke the reward ${reward.name}` }, 'Revoke');
        revoke.addEventListener('click', () => act(() => call('PATCH', `${api}/rewards/${reward.id}`, { status: 'revoked' }), `${reward.name} is revoked.`, loadRewards, loadPoints));
        status.append(' ', revoke);
      }
      return el('tr', {}, el('td', {}, reward.name), el('td', {}, reward.type), status, el('td', {}, moment(reward.earned_at)));
    }),
  );
}

async function loadEmails() {
  const emails = await call('GET', `${api}/emails?email=${q(tester.email)}&per_page=25`);
  document.getElementById('emails-status').textContent = emails.length ? count(emails.length, 'e-mail') : 'No e-mail sent.';
  document.getElementById('tester-emails').replaceChildren(
    ...emails.map((email) => el('tr', {}, el('td', {}, moment(email.created_at)), el('td', {}, email.occasion), el('td', {}, email.subject), el('td', {}, email.status))),
  );
}

async function loadEvents() {
  const events = await call('GET', `${api}/testers/${testerId}/webhook_events`);
  document.getElementById('events-status').textContent = events.length
    ? `${count(events.length, 'event')} about them, newest first (among the beta's latest events).`
    : "No webhook event about them among the beta's latest events.";
  const attempts = (event) => {
    const last = event.deliveries.at(-1);
    if (!last) return 'Not delivered yet';
    return `${count(event.deliveries.length, 'attempt')}; last ${last.status}${last.response_status ? ` (${last.response_status})` : ''}`;
  };
  document.getElementById('tester-events').replaceChildren(
    ...events.map((event) => el('tr', {}, el('td', {}, moment(event.created_at)), el('td', {}, event.type), el('td', {}, attempts(event)))),
  );
}

/** Runs an action, says how it went and reloads what it changed. */
async function act(action, text, ...reload) {
  try {
    await action();
    // Said once the page shows the change.
    await Promise.all(reload.map((load) => load()));
    done(text);
  } catch (failure) {
    if (!failure.errors) throw failure;
    report(failure);
  }
}

const refreshAll = () => loadTester().then(() => Promise.all([loadReferrals(), loadPoints(), loadRewards(), loadEmails(), loadEvents()]));

document.getElementById('referrals-previous').addEventListener('click', () => {
  referralsPage -= 1;
  loadReferrals().catch(report);
});
document.getElementById('referrals-next').addEventListener('click', () => {
  referralsPage += 1;
  loadReferrals().catch(report);
});

if (writer) {
  handle('change-status', (v) => call('PUT', `${api}/testers/${testerId}`, { tester: { status: v.status } }), (changed) => {
    refreshAll()
      .then(() => done(`The status is now ${changed.status}.`))
      .catch(report);
  });
  handle('add-points', (v) => call('POST', `${api}/points`, { email: tester.email, quantity: Number(v.quantity), ...(v.reason ? { reason: v.reason } : {}) }), (_point, form) => {
    form.reset();
    done('The points are recorded.');
    Promise.all([loadPoints(), loadTester()]).catch(report);
  });
  handle('trigger-reward', (v) => call('POST', `${api}/rewards/trigger`, { email: tester.email, event: v.event }), (created, form) => {
    form.reset();
    done(created.length ? `${count(created.length, 'reward')} earned: ${created.map((r) => r.name).join(', ')}.` : 'The event earned no reward.');
    Promise.all([loadRewards(), loadPoints()]).catch(report);
  });
  document.getElementById('invite-tester').addEventListener('click', () =>
    act(() => call('PUT', `${api}/testers/${testerId}`, { tester: { status: 'invited' } }), 'The tester is invited.', refreshAll),
  );
  // A button the change hides hands the focus to the one it shows.
  const placing = (id, action, text, next) =>
    document.getElementById(id).addEventListener('click', () =>
      act(action, text, loadTester).then(() => {
        const target = document.getElementById(next);
        if (!target.hidden) target.focus();
      }),
    );
  placing('move-to-front', () => call('POST', `${api}/testers/${testerId}/move_to_front`), 'The tester is at the front of the waitlist.', 'earned-place');
  placing('earned-place', () => call('PUT', `${api}/testers/${testerId}`, { tester: { priority: 0 } }), 'The tester is back in their earned place.', 'move-to-front');
  document.getElementById('resend-confirmation').addEventListener('click', () =>
    act(() => call('POST', `${api}/testers/${testerId}/resend_confirmation`), 'A new confirmation link is on its way.', loadEmails),
  );
  const confirm = document.getElementById('delete-confirm');
  document.getElementById('delete-tester').addEventListener('click', () => {
    confirm.hidden = false;
    document.getElementById('delete-no').focus();
  });
  document.getElementById('delete-no').addEventListener('click', () => {
    confirm.hidden = true;
    document.getElementById('delete-tester').focus();
  });
  document.getElementById('delete-yes').addEventListener('click', () =>
    act(async () => {
      await call('DELETE', `${api}/testers/${testerId}`);
      // The table says what happened once it has loaded.
      window.sessionStorage.setItem('prelaunch-deleted-tester', tester.email);
      window.location.assign(consoleBase);
    }, 'The tester is deleted.'),
  );
}

start(async () => {
  await loadTester();
  await Promise.all([loadAnswers(), loadReferrals(), loadPoints(), loadRewards(), loadEmails(), loadEvents()]);
});
