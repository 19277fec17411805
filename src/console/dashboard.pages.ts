// A beta's dashboard at /console/betas/{beta_id}: how the launch is going. The shell holds the
// tiles, the range form, the chart's place (above the fold), the funnel and empty tables;
// assets/dashboard.js fills them from GET /api/v2/betas/{beta_id}/stats and …/email_sending, draws
// the signups chart (uPlot) and polls while the page shows. Its Launch panel shows the live figures
// of the stats' `launch`: the last whole minute's signups, refusals by reason and request p99, with
// sparklines of the last minutes that each say their numbers in words too; and the e-mail sending
// (queue, sends in the last minute and hour) from the answer that also says whether it is paused.
// The banner says when the beta's e-mail is paused, with the button that resumes it for a member
// who may (an owner or admin).
import { html, type Trusted } from '../public/html.ts';
import { PANEL_MINUTES } from '../modules/stats/launch-figures.ts';
import type { ConsolePages } from './console-pages.ts';

/** Seconds between two reads of the figures while the page is visible. */
export const POLL_SECONDS = 15;

/** A table whose rows the script fills: `columns` as header cells, the first one the row's header. */
function table(id: string, caption: string, columns: string[]): Trusted {
  return html`<div class="table-scroll" tabindex="0" role="region" aria-labelledby="${id}-caption"><table id="${id}">
<caption id="${id}-caption">${caption}</caption>
<thead><tr>${columns.map((column) => html`<th scope="col">${column}</th>`)}</tr></thead>
<tbody></tbody>
</table></div>`;
}

/** The figures the dashboard opens with; each tile's value and change are filled by the script. */
const TILES: [id: string, label: string][] = [
  ['total', 'Testers'],
  ['today', 'Signups today'],
  ['referred', 'Referred share'],
  ['confirmed', 'Confirmed share'],
  ['invited', 'Invited'],
];

function tiles(): Trusted {
  return html`<section aria-labelledby="tiles-title">
<h2 id="tiles-title" class="visually-hidden">At a glance</h2>
<dl class="tiles" id="tiles" aria-describedby="tiles-note">${TILES.map(([id, label]) => html`<div class="tile" id="tile-${id}"><dt>${label}</dt><dd class="value"></dd><dd class="change"></dd></div>`)}</dl>
<p class="tiles-note" id="tiles-note">Signups today are compared with yesterday (UTC days); the other figures with what they were 7 days ago, among the testers still there.</p>
</section>`;
}

function rangeForm(): Trusted {
  const date = (name: string, label: string) =>
    html`<div class="field"><label for="field-${name}">${label}</label><input id="field-${name}" name="${name}" type="date" required aria-describedby="${name}-error"><p class="error" id="${name}-error" hidden></p></div>`;
  return html`<form id="range" class="range" novalidate aria-label="Range">
<p class="alert" id="range-error" role="alert" hidden></p>
${date('from', 'From')}${date('to', 'To (included)')}
<button type="submit">Show</button>
<div class="presets" role="group" aria-label="Last days"><button type="button" class="secondary" data-days="7">7 days</button><button type="button" class="secondary" data-days="30">30 days</button><button type="button" class="secondary" data-days="90">90 days</button></div>
</form>`;
}

/** Hidden until the script reads that the sending breaker paused the beta's e-mail. */
function sendingBanner(): Trusted {
  return html`<section class="alert" id="sending-paused" aria-labelledby="sending-paused-title" hidden>
<h2 id="sending-paused-title">E-mail from this beta is paused</h2>
<p id="sending-paused-reason"></p>
<p>Its messages stay queued; none is lost. Look at the failed messages in the outbox, then resume sending.</p>
<button type="button" id="resume-sending" hidden>Resume sending</button>
<p class="error" id="resume-sending-error" role="alert" hidden></p>
</section>
<p class="notice" id="sending-resumed" role="status" tabindex="-1" hidden></p>`;
}

/** The live panel: figures and sparklines the script fills at each poll (docs/operations.md, "Launch day"). */
function launchPanel(): Trusted {
  const spark = (id: string, title: string) =>
    html`<figure class="spark"><figcaption id="${id}-title">${title}</figcaption><svg id="${id}" role="img" aria-labelledby="${id}-title ${id}-text" viewBox="0 0 150 40" preserveAspectRatio="none" focusable="false"></svg><p class="spark-text" id="${id}-text"></p></figure>`;
  return html`<section class="launch" id="launch" aria-labelledby="launch-title">
<h3 id="launch-title">Launch</h3>
<p class="updated" id="launch-updated"></p>
<dl class="counters" id="launch-figures"></dl>
<h4 id="email-sending-title">E-mail sending</h4>
<dl class="counters" id="email-sending"></dl>
<div class="sparks">${spark('spark-signups', 'Signups a minute')}${spark('spark-refusals', 'Refusals a minute')}</div>
${table('launch-refusals', 'Refusals by reason', ['Reason', 'Last minute', `Last ${PANEL_MINUTES} minutes`])}
</section>`;
}

export function dashboardPageContent(): Trusted {
  return html`${sendingBanner()}<p role="status" id="beta-status">Loading…</p>
${tiles()}
<section id="dashboard" data-poll-seconds="${POLL_SECONDS}" aria-labelledby="dashboard-title">
<h2 id="dashboard-title">How the launch is going</h2>
${rangeForm()}
<h3 id="signups-title">Signups per day</h3>
<figure class="chart">
<div id="signups-chart" role="img" aria-labelledby="signups-title" aria-describedby="signups-summary"></div>
<figcaption><ul class="legend" id="signups-legend"><li><span class="swatch direct" aria-hidden="true"></span>Direct: solid line, filled markers</li><li><span class="swatch referred" aria-hidden="true"></span>Referred: dashed line, hollow markers</li></ul></figcaption>
</figure>
<p id="signups-summary"></p>
<p class="updated" id="stats-updated"></p>
<details><summary>Signups per day as a table</summary>
${table('signups-table', 'Signups per day (UTC)', ['Day', 'Direct', 'Referred', 'Total'])}
</details>
<h3>Funnel</h3>
${table('funnel', "From form view to active tester, in the beta's whole life", ['Stage', 'Number', 'Of the stage before'])}
${launchPanel()}
<h3>Referrals</h3>
<dl class="counters" id="stats-figures"></dl>
<div class="panels">
<div class="panel">${table('statuses', 'Testers by status', ['Status', 'Testers', 'Share'])}</div>
<div class="panel">${table('referrers', 'Top referrers', ['Tester', 'Referrals'])}
<div class="check"><input type="checkbox" id="leave-out-flagged"><label for="leave-out-flagged">Leave out rejected and flagged testers</label></div></div>
<div class="panel">${table('countries', 'Top countries', ['Country', 'Testers', 'Share'])}</div>
<div class="panel full">${table('sources', 'Top sources and how far their testers went', ['Source (utm_source)', 'Testers', 'Share', 'Confirmed', 'Invited', 'Active'])}</div>
<div class="panel full">${table('channels', 'Share channels and how far their signups went', ['Channel', 'Clicks', 'Signups', 'Signups per click', 'Confirmed', 'Invited', 'Active'])}</div>
</div>
<h3>Deliveries</h3>
<dl class="counters" id="stats-operations"></dl>
</section>`;
}

export function dashboardPages({ betaPage }: ConsolePages): void {
  betaPage('dashboard', { title: (beta) => beta.name, script: 'dashboard.js', content: () => dashboardPageContent() });
}
