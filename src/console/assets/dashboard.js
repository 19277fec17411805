// A beta's dashboard: how the launch is going (GET /api/v2/betas/{id}/stats): the tiles with their
// change, the signups chart over a range drawn by uPlot, the funnel, conversion per source and per
// share channel; each figure also as text or a table (no colour needed to read them), read again
// every few seconds while the page is visible.
// The Launch panel: the stats' `launch`, the last whole minute's figures and sparklines of the last
// minutes, each sparkline's numbers also in words; and in it the e-mail sending (GET
// /api/v2/betas/{id}/email_sending, shown once: the stats' `launch.emails` repeats it), the queue
// and send rates, with the banner of a pause and its resume button.
import { SHARE_CHANNEL_NAMES, call, clock, count, el, go, handle, keep, kept, messagesOf, number, pageBetaId, percent, role, say, start, when } from './core.js';
import uPlot from './vendor/uplot.js';

const DAY_MS = 86_400_000;
const shareOf = (part, whole) => (whole > 0 ? part / whole : 0);
const signed = (n, options) => number(n, { signDisplay: 'exceptZero', ...options });
const utcDay = (at) => new Date(at).toISOString().slice(0, 10);

for (const href of ['/console/assets/vendor/uplot.css', '/console/assets/dashboard.css']) document.head.append(el('link', { rel: 'stylesheet', href }));

const leaveOutFlagged = document.getElementById('leave-out-flagged');
/** Whether the top referrers leave out the rejected and flagged: the member's choice, kept per beta in this browser. */
const LEAVE_OUT_KEY = `prelaunch-dashboard-leave-out-flagged-${pageBetaId()}`;
leaveOutFlagged.checked = kept(LEAVE_OUT_KEY) === true;
const statsUrl = (range) =>
  `/api/v2/betas/${pageBetaId()}/stats?${new URLSearchParams({ ...range, ...(leaveOutFlagged.checked ? { exclude_flagged_referrers: 'true' } : {}) })}`;
/** The range shown: the address's ?from=&to= (a reload keeps it), else the API's default. */
let range = Object.fromEntries([...new URLSearchParams(window.location.search)].filter(([key]) => key === 'from' || key === 'to'));
/** The server's today (UTC), from its last answer: the presets count back from it. */
let today = utcDay(Date.now());

async function loadBeta() {
  const beta = await call('GET', `/api/v2/betas/${pageBetaId()}`);
  document.getElementById('beta-status').textContent = `Created ${when(beta.created_at)}`;
}

/** A count's change against an earlier one: "+120 (+4.2 %) against 7 days ago". */
function countChange(now, before, against) {
  if (now === before) return `No change against ${against}`;
  const relative = before > 0 ? ` (${signed(((now - before) / before) * 100, { maximumFractionDigits: 1 })} %)` : '';
  return `${signed(now - before)}${relative} against ${against}`;
}

/** A share's change against an earlier one, in percentage points: "+1.5 points against 7 days ago". */
function shareChange(now, before, against) {
  const points = Math.round((now - before) * 1000) / 10;
  return points === 0 ? `No change against ${against}` : `${signed(points)} points against ${against}`;
}

/**
 * The tiles: signups today against yesterday; the others as they stand against 7 days ago, which
 * is now less what the last 7 days brought (the API's periods.last_7_days).
 */
function showTiles({ totals, periods }) {
  const { today: sinceMidnight, yesterday, last_7_days: week } = periods;
  const before = Object.fromEntries(Object.keys(totals).map((key) => [key, totals[key] - week[key]]));
  const share = (counts, key) => shareOf(counts[key], counts.signups);
  const tiles = {
    total: [number(totals.signups), countChange(totals.signups, before.signups, '7 days ago')],
    today: [number(sinceMidnight.signups), countChange(sinceMidnight.signups, yesterday.signups, 'yesterday')],
    referred: [percent(share(totals, 'referred')), shareChange(share(totals, 'referred'), share(before, 'referred'), '7 days ago')],
    confirmed: [percent(share(totals, 'confirmed')), shareChange(share(totals, 'confirmed'), share(before, 'confirmed'), '7 days ago')],
    invited: [number(totals.invited), countChange(totals.invited, before.invited, '7 days ago')],
  };
  for (const [id, [value, change]] of Object.entries(tiles)) {
    const tile = document.getElementById(`tile-${id}`);
    tile.querySelector('.value').textContent = value;
    tile.querySelector('.change').textContent = change;
  }
}

/** Form views, signups, confirmed, invited, active: each with its share of the stage before. */
function showFunnel(stats) {
  const { totals } = stats;
  const stages = [
    ['Form views', stats.impressions_count],
    ['Signups', totals.signups],
    ['Confirmed', totals.confirmed],
    ['Invited', totals.invited],
    ['Active', totals.active],
  ];
  fillTable(
    'funnel',
    stages.map(([stage, n], i) => {
      const previous = i === 0 ? null : stages[i - 1][1];
      return [stage, number(n), previous === null ? '—' : previous > 0 ? bar(n / previous) : 'None before'];
    }),
    '',
  );
}

/** A stage's count among a group's testers, with its share of them. */
const reached = (n, of) => (of > 0 ? `${number(n)} (${percent(n / of)})` : number(n));

/** Replaces a table's rows (an empty table says so), leaving focus where it is. */
function fillTable(id, rows, empty) {
  const body = document.querySelector(`#${id} tbody`);
  const columns = document.querySelectorAll(`#${id} thead th`).length;
  if (rows.length === 0) {
    body.replaceChildren(el('tr', {}, el('td', { colspan: String(columns) }, empty)));
    return;
  }
  body.replaceChildren(...rows.map(([head, ...cells]) => el('tr', {}, el('th', { scope: 'row' }, head), ...cells.map((cell) => el('td', {}, cell)))));
}

/** A share as text with a bar beside it: the bar only repeats the number. */
function bar(ratio) {
  const fill = el('span', { class: 'fill' });
  // A stage can pass the one before (imported testers are invited without a signup form): the bar stops full.
  fill.style.width = `${Math.min(100, Math.round(ratio * 100))}%`;
  return el('span', { class: 'share' }, el('span', { class: 'track', 'aria-hidden': 'true' }, fill), percent(ratio));
}

function fillFigures(id, figures) {
  document.getElementById(id).replaceChildren(...figures.flatMap(([key, label, value]) => [el('dt', {}, label), el('dd', { id: `stat-${key}` }, value)]));
}

/** The refusals' reasons as the panel names them, in the API's order. */
const REFUSAL_NAMES = {
  challenge: 'Proof of work missing or wrong',
  honeypot: 'Hidden field filled in (a bot)',
  subnet: 'Too many from one network (hourly limit)',
  country: 'Country not allowed',
  origin: 'Sent from a site not allowed',
  rate_limit: 'Too many requests from one network',
  fraud: 'Fraud rules',
};
const refusedIn = (minute) => Object.values(minute.refusals).reduce((sum, n) => sum + n, 0);

/** A line of the values in the SVG, and the same values in words beside it. */
function sparkline(id, values, minutes, what) {
  const most = Math.max(...values);
  const step = 150 / Math.max(1, values.length - 1);
  const line = document.createElementNS('http://www.w3.org/2000/svg', 'polyline');
  line.setAttribute('class', 'spark-line');
  line.setAttribute('points', values.map((value, i) => `${(i * step).toFixed(1)},${(38 - (value / Math.max(1, most)) * 36).toFixed(1)}`).join(' '));
  document.getElementById(id).replaceChildren(line);
  document.getElementById(`${id}-text`).textContent =
    `${what} from ${clock(minutes[0].minute)} to ${clock(minutes.at(-1).minute)}, the last minute so far: ${values.map(number).join('; ')}. Most in a minute: ${number(most)}.`;
}

function showLaunch(launch) {
  const last = launch.last_minute;
  document.getElementById('launch-updated').textContent =
    `Figures of the last whole minute (${clock(last.minute)}), from every server process; a process adds its counts every few seconds.`;
  fillFigures('launch-figures', [
    ['launch-signups', 'Signups a minute', number(last.signups)],
    ['launch-refusals', 'Refusals a minute', number(refusedIn(last))],
    ['launch-p99', 'Answer time, 99th percentile', last.p99_ms === null ? 'No requests' : `${number(last.p99_ms)} ms over ${count(last.requests, 'request')}`],
  ]);
  sparkline('spark-signups', launch.minutes.map((minute) => minute.signups), launch.minutes, 'Signups a minute');
  sparkline('spark-refusals', launch.minutes.map(refusedIn), launch.minutes, 'Refusals a minute');
  fillTable(
    'launch-refusals',
    Object.entries(REFUSAL_NAMES).map(([reason, name]) => [name, number(last.refusals[reason]), number(launch.minutes.reduce((sum, minute) => sum + minute.refusals[reason], 0))]),
    'No reasons',
  );
}

/** A top referrer's name, and in words whether it is rejected or flagged: their referrals may be fraud. */
function referrerName(referrer) {
  const name = referrer.name ? `${referrer.name} (${referrer.email})` : referrer.email;
  const marks = [referrer.status === 'rejected' ? 'rejected' : '', referrer.flagged ? 'flagged' : ''].filter(Boolean);
  return marks.length ? el('span', {}, name, ' ', el('span', { class: 'mark' }, marks.join(', '))) : name;
}

let chart;
function drawChart(days) {
  const data = [days.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000), days.map((day) => day.direct), days.map((day) => day.referred)];
  const box = document.getElementById('signups-chart');
  const width = () => Math.max(260, box.clientWidth);
  if (chart) {
    chart.setData(data);
    return;
  }
  chart = new uPlot(
    {
      width: width(),
      height: 260,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { y: { range: (_u, _min, max) => [0, Math.max(4, max)] } },
      series: [
        {},
        { label: 'Direct', stroke: '#1d4ed8', width: 2, points: { show: true, size: 8, fill: '#1d4ed8', stroke: '#1d4ed8' } },
        { label: 'Referred', stroke: '#b45309', width: 2, dash: [8, 5], points: { show: true, size: 8, width: 2, fill: '#ffffff', stroke: '#b45309' } },
      ],
      axes: [{}, { label: 'Signups', values: (_u, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? number(tick) : '')) }],
    },
    data,
    box,
  );
  new ResizeObserver(() => chart.setSize({ width: width(), height: 260 })).observe(box);
}

function render(stats) {
  range = { from: stats.from, to: stats.to };
  today = stats.generated_at.slice(0, 10);
  const form = document.getElementById('range');
  // Never rewrite a field the member is editing.
  for (const name of ['from', 'to']) if (document.activeElement !== form.elements[name]) form.elements[name].value = stats[name];
  window.history.replaceState(null, '', `${window.location.pathname}?${new URLSearchParams(range)}`);
  document.getElementById('stats-updated').textContent = `Figures as of ${when(stats.generated_at)}; they update every few seconds while this page is open (the top lists at most once a minute).`;

  // The tiles move with each poll, from the stats (show beta has a tight limit per company).
  showTiles(stats);
  const { signups } = stats;
  document.getElementById('signups-summary').textContent =
    `${stats.from} to ${stats.to} (UTC): ${number(signups.total)} signups, ${number(signups.direct)} direct and ${number(signups.referred)} referred.`;
  drawChart(signups.days);
  fillTable(
    'signups-table',
    [...signups.days].reverse().map((day) => [day.date, number(day.direct), number(day.referred), number(day.direct + day.referred)]),
    'No days',
  );

  showFunnel(stats);
  fillFigures('stats-figures', [
    ['viral-coefficient', 'Viral coefficient (referred signups per tester)', number(stats.viral_coefficient, { maximumFractionDigits: 3 })],
    [
      'share-conversion',
      'Share clicks that became signups',
      stats.share_conversion === null ? 'No share clicks yet' : `${percent(stats.share_conversion)} (${number(stats.referred_signups_count)} of ${number(stats.share_clicks_count)})`,
    ],
  ]);
  const total = Object.values(stats.statuses).reduce((sum, n) => sum + n, 0);
  fillTable('statuses', Object.entries(stats.statuses).filter(([, n]) => n > 0).map(([status, n]) => [status, number(n), bar(shareOf(n, total))]), 'No testers yet');
  fillTable('referrers', stats.top_referrers.map((r) => [referrerName(r), number(r.referrals)]), leaveOutFlagged.checked ? 'No referrals from testers neither rejected nor flagged' : 'No referrals yet');
  fillTable('countries', stats.top_countries.map((c) => [c.country ?? 'Unknown', number(c.testers), bar(shareOf(c.testers, stats.testers_count))]), 'No testers yet');
  fillTable(
    'sources',
    stats.top_sources.map((s) => [s.source ?? 'None given', number(s.testers), bar(shareOf(s.testers, stats.testers_count)), reached(s.confirmed, s.testers), reached(s.invited, s.testers), reached(s.active, s.testers)]),
    'No testers yet',
  );
  // The channels that brought anything, the most signups first.
  const channels = stats.channels.filter((c) => c.clicks > 0 || c.signups > 0).sort((a, b) => b.signups - a.signups || b.clicks - a.clicks);
  fillTable(
    'channels',
    channels.map((c) => [
      SHARE_CHANNEL_NAMES[c.channel] ?? c.channel,
      number(c.clicks),
      number(c.signups),
      c.clicks > 0 ? percent(c.signups / c.clicks) : 'No clicks',
      reached(c.confirmed, c.signups),
      reached(c.invited, c.signups),
      reached(c.active, c.signups),
    ]),
    'No clicks on a share button yet',
  );

  showLaunch(stats.launch);

  const { outbox, webhooks } = stats;
  const waiting = outbox.oldest_due_seconds === null ? '' : `, the oldest waiting ${number(outbox.oldest_due_seconds)} s`;
  fillFigures('stats-operations', [
    ['outbox', 'Background jobs waiting (webhooks, e-mails, imports)', `${number(outbox.due)} due${waiting}; ${number(outbox.scheduled)} waiting for a retry; ${number(outbox.parked)} failed for good`],
    [
      'webhook-failures',
      'Webhook deliveries that failed in the range',
      webhooks.failure_rate === null ? 'No deliveries in the range' : `${percent(webhooks.failure_rate)} (${number(webhooks.failed)} of ${number(webhooks.deliveries)} attempts)`,
    ],
  ]);
}

const sendingUrl = () => `/api/v2/betas/${pageBetaId()}/email_sending`;

/** The queue and send rate, and the pause's banner while there is one. */
function showSending(sending) {
  fillFigures('email-sending', [
    ['email-queued', 'E-mails waiting to be sent', sending.paused ? `${number(sending.queued)} (sending paused)` : number(sending.queued)],
    ['email-rate', 'Sent in the last minute', number(sending.sent_last_minute)],
    ['email-hour', 'Sent in the last hour', number(sending.sent_last_hour)],
  ]);
  const banner = document.getElementById('sending-paused');
  const wasHidden = banner.hidden;
  banner.hidden = !sending.paused;
  if (!sending.paused) return;
  document.getElementById('sending-paused-reason').textContent = `Paused ${when(sending.paused_at)}: ${sending.pause_reason}.`;
  document.getElementById('resume-sending').hidden = role === 'viewer';
  if (wasHidden) document.getElementById('sending-resumed').hidden = true;
}

async function loadStats() {
  const [stats, sending] = await Promise.all([call('GET', statsUrl(range)), call('GET', sendingUrl())]);
  render(stats);
  showSending(sending);
}

document.getElementById('resume-sending').addEventListener('click', async (event) => {
  const button = event.currentTarget;
  const error = document.getElementById('resume-sending-error');
  button.disabled = true;
  error.hidden = true;
  try {
    const sending = await call('POST', `${sendingUrl()}/resume`);
    showSending(sending);
    say('sending-resumed', `Sending resumed. E-mails waiting: ${number(sending.queued)}; they go out now.`);
    document.getElementById('sending-resumed').focus();
  } catch (failure) {
    if (failure.status === 401) return go('/console');
    say('resume-sending-error', messagesOf(failure));
  } finally {
    button.disabled = false;
  }
});

leaveOutFlagged.addEventListener('change', () => {
  keep(LEAVE_OUT_KEY, leaveOutFlagged.checked);
  return loadStats();
});
handle('range', (values) => call('GET', statsUrl({ from: values.from, to: values.to })), render);
for (const preset of document.querySelectorAll('[data-days]')) {
  preset.addEventListener('click', async () => {
    const to = Date.parse(today);
    range = { from: utcDay(to - (Number(preset.dataset.days) - 1) * DAY_MS), to: utcDay(to) };
    await loadStats();
  });
}

/** Reads the figures again every few seconds while the page is visible, and at once when it shows again. */
function poll() {
  const seconds = Number(document.getElementById('dashboard').dataset.pollSeconds);
  let timer;
  const again = () => {
    clearTimeout(timer);
    timer = setTimeout(refresh, seconds * 1000);
  };
  const refresh = async () => {
    if (document.visibilityState !== 'visible') return;
    try {
      await loadStats();
    } catch (failure) {
      if (failure.status === 401) return go('/console');
      document.getElementById('stats-updated').textContent = 'The figures could not be read just now; trying again shortly.';
    }
    again();
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') refresh();
  });
  again();
}

start(loadBeta, async () => {
  await loadStats();
  poll();
});
