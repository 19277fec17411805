// A beta's invitation schedules: the list (pause, resume, skip once, delete, history) and a new
// schedule planned as it is typed: the simulation of the active schedules with the one being
// edited, its milestones in words, its curve drawn by uPlot and its waves as a table.
import { call, clearErrors, count, el, messagesOf, number, pageBetaId, role, say, showErrors, start, when } from './core.js';
import { previewRows } from './preview.js';
import uPlot from './vendor/uplot.js';

const base = `/api/v2/betas/${pageBetaId()}/invitation_schedules`;
const PLAN_DELAY_MS = 300;
/** Positions the plan names, with the last of the list. */
const MILESTONES = [1000, 10000];
const form = document.getElementById('schedule-form');
let schedules = [];

document.head.append(el('link', { rel: 'stylesheet', href: '/console/assets/vendor/uplot.css' }));

function describe(schedule) {
  if (schedule.kind === 'referrals') return `Anyone reaching ${count(schedule.threshold, 'referral')}, at once`;
  const day = schedule.every === 'week' ? `every ${schedule.weekday[0].toUpperCase()}${schedule.weekday.slice(1)}` : 'every day';
  return `The top ${number(schedule.count)}, ${day} at ${schedule.at} (${schedule.time_zone})`;
}

function stateOf(schedule) {
  if (schedule.paused) return 'Paused';
  return schedule.skip_next ? 'Active, next wave skipped' : 'Active';
}

function actionButton(label, name, act) {
  const button = el('button', { type: 'button', class: 'secondary', 'aria-label': `${label}: ${name}` }, label);
  button.addEventListener('click', act);
  return button;
}

function scheduleRow(schedule) {
  const name = describe(schedule);
  const next = schedule.paused ? '—' : schedule.kind === 'referrals' ? 'Within a minute of each referral' : when(schedule.next_run_at);
  const actions = el('td', { class: 'row-actions' });
  actions.append(actionButton('History', name, () => showHistory(schedule)), ' ', actionButton('Preview', name, () => showPreview(schedule)));
  if (role !== 'viewer') {
    actions.append(' ', actionButton(schedule.paused ? 'Resume' : 'Pause', name, () => change(schedule, { paused: !schedule.paused })));
    if (schedule.kind === 'top' && !schedule.paused) actions.append(' ', actionButton(schedule.skip_next ? 'Undo skip' : 'Skip next', name, () => change(schedule, { skip_next: !schedule.skip_next })));
    actions.append(' ', actionButton('Delete', name, () => remove(schedule, name)));
  }
  return el('tr', { 'data-schedule-id': String(schedule.id) }, el('td', {}, name), el('td', {}, next), el('td', {}, stateOf(schedule)), actions);
}

async function change(schedule, fields) {
  try {
    await call('PATCH', `${base}/${schedule.id}`, fields);
  } catch (failure) {
    say('schedules-error', messagesOf(failure));
  }
  await loadSchedules();
  document.querySelector(`tr[data-schedule-id="${schedule.id}"] button`)?.focus();
}

async function remove(schedule, name) {
  if (!window.confirm(`Delete "${name}" and its history? A wave already started runs to its end.`)) return;
  try {
    await call('DELETE', `${base}/${schedule.id}`);
  } catch (failure) {
    say('schedules-error', messagesOf(failure));
  }
  document.getElementById('history').hidden = true;
  await loadSchedules();
  document.getElementById('schedules-status').focus();
}

async function showPreview(schedule) {
  const preview = await call('GET', `${base}/${schedule.id}/preview`);
  const emails = preview.emails ? `, ${count(preview.emails, 'invitation e-mail')}` : '';
  document.getElementById('wave-preview-summary').textContent = `If it ran now: ${count(preview.changes, 'tester')} invited${emails}. Due ${when(preview.at)}.`;
  document.querySelector('#wave-preview-testers tbody').replaceChildren(...previewRows(preview.first_testers));
  document.getElementById('wave-preview-title').textContent = `Next wave: ${describe(schedule)}`;
  document.getElementById('history').hidden = true;
  document.getElementById('wave-preview').hidden = false;
  document.getElementById('wave-preview-title').focus();
}

async function showHistory(schedule) {
  document.getElementById('wave-preview').hidden = true;
  const waves = await call('GET', `${base}/${schedule.id}/waves?per_page=50`);
  const rows = waves.map((wave) => {
    const positions = wave.first_position === null ? '—' : `#${number(wave.first_position)} to #${number(wave.last_position)}`;
    const state = wave.skipped ? 'Skipped' : wave.state ? `${wave.state[0].toUpperCase()}${wave.state.slice(1)}` : 'Nobody to invite';
    return el('tr', {}, el('td', {}, when(wave.due_at)), el('td', {}, when(wave.started_at)), el('td', {}, `${number(wave.invited)} of ${number(wave.selected)}`), el('td', {}, positions), el('td', {}, state));
  });
  const body = document.querySelector('#waves tbody');
  body.replaceChildren(...(rows.length ? rows : [el('tr', {}, el('td', { colspan: '5' }, 'No wave yet.'))]));
  document.getElementById('history-title').textContent = `History: ${describe(schedule)}`;
  document.getElementById('history').hidden = false;
  document.getElementById('history-title').focus();
}

async function loadSchedules() {
  schedules = await call('GET', `${base}?per_page=100`);
  document.getElementById('schedules-status').textContent = schedules.length ? count(schedules.length, 'schedule') : 'No schedule yet.';
  document.querySelector('#schedules tbody').replaceChildren(...schedules.map(scheduleRow));
  if (form) plan();
}

/** The schedule the form describes, as the API takes it. */
function drafted() {
  const values = Object.fromEntries(new FormData(form));
  const integer = (text) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text.trim() === '' ? undefined : text);
  if (values.kind === 'referrals') return { kind: 'referrals', threshold: integer(values.threshold) };
  return {
    kind: 'top',
    count: integer(values.count),
    every: values.every,
    ...(values.every === 'week' ? { weekday: values.weekday } : {}),
    at: values.at.trim(),
    time_zone: values.time_zone.trim(),
  };
}

function showKind() {
  const top = form.elements.kind.value === 'top';
  document.getElementById('top-fields').hidden = !top;
  document.getElementById('threshold-field').hidden = top;
  document.getElementById('weekday-field').hidden = form.elements.every.value !== 'week';
}

let chart;
function drawCurve(waves) {
  const box = document.getElementById('plan-chart');
  // From nobody invited at the plan's start, a step at each wave.
  const times = waves.map((wave) => Date.parse(wave.at) / 1000);
  const points = waves.length ? [[times[0], ...times], [0, ...waves.map((wave) => wave.through_position)]] : [[], []];
  const width = () => Math.max(260, box.clientWidth);
  if (chart) {
    chart.setData(points);
    return;
  }
  chart = new uPlot(
    {
      width: width(),
      height: 240,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      series: [{}, { label: 'Invited through position', stroke: '#1d4ed8', width: 2, paths: uPlot.paths.stepped({ align: 1 }), points: { show: true, size: 6, fill: '#1d4ed8' } }],
      axes: [{}, { label: 'Position', values: (_u, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? number(tick) : '')) }],
    },
    points,
    box,
  );
  new ResizeObserver(() => chart.setSize({ width: width(), height: 240 })).observe(box);
}

function showPlan(result) {
  const { waves, waitlist_length: length, last_invited_at: last } = result;
  const reached = (position) => waves.find((wave) => wave.through_position >= position);
  const facts = MILESTONES.filter((position) => position < length).map((position) => [`#${number(position)}`, reached(position) ? when(reached(position).at) : 'Not within the plan']);
  facts.push([`The last (#${number(length)})`, last ? when(last) : length === 0 ? 'Nobody is waiting' : 'Not within the plan']);
  document.getElementById('plan-milestones').replaceChildren(...facts.flatMap(([label, value]) => [el('dt', {}, label), el('dd', {}, value)]));
  const end = last ? `everyone on today's list of ${number(length)} is invited by ${when(last)}` : `${number(length)} waiting; the plan does not reach the last of them`;
  document.getElementById('plan-status').textContent = `${count(waves.length, 'wave')}: ${end}.`;
  const rows = waves.map((wave) => el('tr', {}, el('td', {}, when(wave.at)), el('td', {}, number(wave.invited)), el('td', {}, `#${number(wave.through_position)}`)));
  document.querySelector('#plan-waves tbody').replaceChildren(...(rows.length ? rows : [el('tr', {}, el('td', { colspan: '3' }, 'No wave planned.'))]));
  drawCurve(waves);
}

let timer = null;
/** The latest simulation asked for: an earlier answer arriving late is dropped. */
let latest = null;
/** Plans again shortly after the last change, with the latest answer only. */
function plan() {
  clearTimeout(timer);
  timer = setTimeout(async () => {
    const asked = (latest = {});
    const now = form.elements.now.value.trim();
    const active = schedules.filter((schedule) => !schedule.paused).map(({ kind, count: n, every, weekday, at, time_zone, threshold, skip_next }) =>
      kind === 'top' ? { kind, count: n, every, ...(weekday ? { weekday } : {}), at, time_zone, skip_next } : { kind, threshold },
    );
    try {
      const result = await call('POST', `${base}/simulate`, { schedules: [...active, drafted()], ...(/^\d+$/.test(now) ? { now: Number(now) } : {}) });
      if (asked === latest) showPlan(result);
    } catch (failure) {
      if (!failure.errors) throw failure;
      if (asked === latest) document.getElementById('plan-status').textContent = `Cannot plan yet: ${messagesOf(failure).replace(/schedules\[\d+\]: /g, '')}`;
    }
  }, PLAN_DELAY_MS);
}

if (form) {
  form.elements.time_zone.value = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  for (const radio of form.elements.kind) radio.addEventListener('change', showKind);
  form.elements.every.addEventListener('change', showKind);
  showKind();
  form.addEventListener('input', plan);
  form.addEventListener('change', plan);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(form);
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    try {
      const schedule = await call('POST', base, drafted());
      say('schedule-created', `Created: ${describe(schedule)}.${schedule.next_run_at && schedule.kind === 'top' ? ` First wave ${when(schedule.next_run_at)}.` : ''}`);
      await loadSchedules();
    } catch (failure) {
      if (!failure.errors) throw failure;
      showErrors(form, failure);
    } finally {
      button.disabled = false;
    }
  });
}

start(loadSchedules);
