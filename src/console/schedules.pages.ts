// A beta's invitation schedules at /console/betas/{beta_id}/schedules: the schedules with their next
// wave, pause, skip once and delete; each one's history; and a new schedule planned before it is
// created: the simulation of the beta's schedules with the one being edited (and "N now") runs as
// the owner types, saying when positions #1,000, #10,000 and the last would be invited, with the
// curve drawn and the waves as a table; each schedule's next wave previewed with its first
// testers. Viewers read.
import type { Member } from '../modules/members/member.ts';
import { WEEKDAYS } from '../modules/invitation-schedules/next-run.ts';
import { MAX_THRESHOLD, MAX_WAVE_COUNT } from '../modules/invitation-schedules/invitation-schedules.schemas.ts';
import { html, type Trusted } from '../public/html.ts';
import type { ConsolePages } from './console-pages.ts';

const capitalized = (word: string) => word[0].toUpperCase() + word.slice(1);

function newScheduleForm(): Trusted {
  const weekdays = WEEKDAYS.map((day) => html`<option value="${day}">${capitalized(day)}</option>`);
  return html`<h2>New schedule</h2>
<form id="schedule-form" novalidate>
<p class="alert" id="schedule-form-error" role="alert" hidden></p>
<fieldset class="choices"><legend>Who each wave invites</legend>
<div class="check"><input type="radio" id="kind-top" name="kind" value="top" checked><label for="kind-top">The top of the waitlist, every day or week</label></div>
<div class="check"><input type="radio" id="kind-referrals" name="kind" value="referrals"><label for="kind-referrals">Anyone who reaches a number of referrals, at once</label></div>
</fieldset>
<div id="top-fields">
<div class="field"><label for="field-count">How many each wave, from the top</label>
<input id="field-count" name="count" type="number" min="1" max="${MAX_WAVE_COUNT}" inputmode="numeric" value="500" aria-describedby="count-error"><p class="error" id="count-error" hidden></p></div>
<div class="field"><label for="field-every">How often</label>
<select id="field-every" name="every" aria-describedby="every-error"><option value="week">Every week</option><option value="day">Every day</option></select><p class="error" id="every-error" hidden></p></div>
<div class="field" id="weekday-field"><label for="field-weekday">On</label>
<select id="field-weekday" name="weekday" aria-describedby="weekday-error">${weekdays}</select><p class="error" id="weekday-error" hidden></p></div>
<div class="field"><label for="field-at">At (24-hour, HH:MM)</label>
<input id="field-at" name="at" type="text" inputmode="numeric" autocomplete="off" value="10:00" maxlength="5" aria-describedby="at-error"><p class="error" id="at-error" hidden></p></div>
<div class="field"><label for="field-time-zone">Time zone</label>
<input id="field-time-zone" name="time_zone" type="text" autocomplete="off" value="UTC" aria-describedby="time-zone-hint time_zone-error">
<p class="hint" id="time-zone-hint">An IANA name such as Europe/Paris: waves keep their local time when the clocks change.</p><p class="error" id="time_zone-error" hidden></p></div>
</div>
<div class="field" id="threshold-field" hidden><label for="field-threshold">Referrals that get a tester invited</label>
<input id="field-threshold" name="threshold" type="number" min="1" max="${MAX_THRESHOLD}" inputmode="numeric" value="5" aria-describedby="threshold-error"><p class="error" id="threshold-error" hidden></p></div>
<div class="field"><label for="field-now">Also invite now, for the plan only (optional)</label>
<input id="field-now" name="now" type="number" min="1" inputmode="numeric" aria-describedby="now-hint now-error">
<p class="hint" id="now-hint">Plan "1,000 now, then the top 500 every Monday": start the 1,000 from Bulk actions.</p><p class="error" id="now-error" hidden></p></div>
<button type="submit">Create schedule</button>
</form>
<p class="notice" id="schedule-created" role="status" hidden></p>
<section id="plan" aria-labelledby="plan-title">
<h3 id="plan-title">Plan: your active schedules with this one, over today's waitlist</h3>
<p id="plan-status" role="status">Planning…</p>
<dl class="counters" id="plan-milestones"></dl>
<figure class="chart">
<div id="plan-chart" role="img" aria-labelledby="plan-title" aria-describedby="plan-status"></div>
<figcaption class="hint">Testers of today's waitlist invited over time. Future signups and referrals are not foreseen.</figcaption>
</figure>
<details><summary>The planned waves as a table</summary>
<div class="table-scroll" tabindex="0" role="region" aria-label="Planned waves, scrolls sideways">
<table id="plan-waves"><caption class="visually-hidden">Planned waves</caption>
<thead><tr><th scope="col">When</th><th scope="col">Invited</th><th scope="col">Everyone through position</th></tr></thead><tbody></tbody></table></div>
</details>
</section>`;
}

export function schedulesContent(member: Member): Trusted {
  const writes = member.role !== 'viewer';
  return html`<p class="lead">Invite in waves that run by themselves: the top of the waitlist every day or week, or anyone reaching a number of referrals. Each wave runs as a bulk invite, each tester invited once.</p>
<h2>Schedules</h2>
<p id="schedules-status" role="status" tabindex="-1">Loading…</p>
<p class="alert" id="schedules-error" role="alert" hidden></p>
<div class="table-scroll nowrap" tabindex="0" role="region" aria-label="Schedules, scrolls sideways">
<table id="schedules"><caption class="visually-hidden">Invitation schedules</caption>
<thead><tr><th scope="col">Schedule</th><th scope="col">Next wave</th><th scope="col">State</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody></tbody></table></div>
<section id="wave-preview" aria-labelledby="wave-preview-title" hidden>
<h3 id="wave-preview-title" tabindex="-1">Next wave</h3>
<p id="wave-preview-summary"></p>
<table id="wave-preview-testers"><caption>The first testers it would invite if it ran now</caption>
<thead><tr><th scope="col">Position</th><th scope="col">Name or address</th></tr></thead><tbody></tbody></table>
</section>
<section id="history" aria-labelledby="history-title" hidden>
<h3 id="history-title" tabindex="-1">History</h3>
<div class="table-scroll nowrap" tabindex="0" role="region" aria-label="History, scrolls sideways">
<table id="waves"><caption class="visually-hidden">Waves, the latest first</caption>
<thead><tr><th scope="col">Due</th><th scope="col">Started</th><th scope="col">Invited</th><th scope="col">Positions</th><th scope="col">State</th></tr></thead>
<tbody></tbody></table></div>
</section>
${writes ? newScheduleForm() : html`<p class="notice">Your role reads only: an owner or admin plans schedules.</p>`}`;
}

export function schedulesPages({ betaPage }: ConsolePages): void {
  betaPage('schedules', { title: () => 'Invitation schedules', script: 'schedules.js', content: (_beta, active) => schedulesContent(active.member) });
}
