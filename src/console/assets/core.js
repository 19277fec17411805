// What every console page's script shares: calls of the management API (/api/v2/…) and of the
// session endpoints (/console/…) with the session cookie and, on writes, the page's CSRF token;
// building elements; and showing a refusal next to the field it concerns, or above the form.
export const csrf = document.querySelector('meta[name=csrf-token]')?.content ?? '';
export const role = document.querySelector('meta[name=member-role]')?.content ?? '';

/** Which field each error code concerns; others are shown above the form. */
const FIELD_OF = { 3002: 'password', 3005: 'email', 3006: 'password', 3007: 'email', 3008: 'current_password' };

/**
 * A call answered in JSON, its body JSON or a FormData (a file upload), answering the response and
 * its data; a refusal throws an Error carrying `status` and the answer's `errors`.
 */
async function exchange(method, url, body) {
  const headers = { accept: 'application/json' };
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = csrf;
  const sent = body === undefined || form ? body : JSON.stringify(body);
  const response = await fetch(url, { method, headers, body: sent, credentials: 'same-origin' });
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) throw Object.assign(new Error('refused'), { status: response.status, errors: data?.errors ?? [] });
  return { response, data };
}

/** A JSON call answering the data; a refusal throws an Error carrying `status` and the answer's `errors`. */
export const call = async (method, url, body) => (await exchange(method, url, body)).data;

/** One page of a list: its items and its X-Pagination facts (current_page, pages, total_count…). */
export async function listPage(url) {
  const { response, data } = await exchange('GET', url);
  return { items: data, page: JSON.parse(response.headers.get('x-pagination') ?? '{}') };
}

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

export function clearErrors(form) {
  for (const error of form.querySelectorAll('.error, .alert')) {
    error.hidden = true;
    error.textContent = '';
  }
  for (const input of form.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
}

/** The form's field whose name (in any case: "Email not found") the message names first, if any. */
function fieldNamedIn(form, message) {
  const places = [...new Set([...form.elements].filter((e) => e.type !== 'hidden').map((e) => e.name).filter(Boolean))].map((n) => [n, message.search(new RegExp(`\\b${n}\\b`, 'i'))]);
  return places.filter(([, at]) => at >= 0).sort((a, b) => a[1] - b[1])[0]?.[0];
}

/** The element for the field's error: the one its aria-describedby names (…-error), or #{name}-error. */
function errorSlot(form, name) {
  const field = form.elements[name];
  const described = (field instanceof RadioNodeList ? field[0] : field)?.getAttribute('aria-describedby') ?? '';
  const slot = described.split(' ').find((id) => id.endsWith('-error'));
  return (slot && document.getElementById(slot)) || form.querySelector(`#${name}-error`);
}

export function showErrors(form, failure) {
  const general = [];
  for (const { code, message } of failure.errors.length ? failure.errors : [{ message: 'Something went wrong: try again.' }]) {
    // A validation error (422) names its field (the one named first in the message); a refusal
    // (401, 403) concerns the whole request.
    const named = failure.status === 422 ? fieldNamedIn(form, message) : undefined;
    const name = FIELD_OF[code] ?? named;
    const slot = name && errorSlot(form, name);
    if (slot) {
      slot.textContent = `${slot.textContent} ${message}`.trim();
      slot.hidden = false;
      const field = form.elements[name];
      for (const input of field instanceof RadioNodeList ? field : [field]) input?.setAttribute('aria-invalid', 'true');
    } else general.push(message);
  }
  const alert = form.querySelector('.alert');
  if (general.length) {
    alert.textContent = general.join(' ');
    alert.hidden = false;
  }
  form.querySelector('[aria-invalid=true]')?.focus();
}

/** Submits the form's fields through `send`, showing what is wrong; `done` gets the answer. */
export function handle(id, send, done) {
  const form = document.getElementById(id);
  if (!form) return;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(form);
    const values = Object.fromEntries(new FormData(form));
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    try {
      done(await send(values), form);
    } catch (failure) {
      if (!failure.errors) throw failure;
      showErrors(form, failure);
    } finally {
      button.disabled = false;
    }
  });
}

export const go = (path) => window.location.assign(path);

/** Shows `text` in the notice (or alert) element `id`. */
export function say(id, text) {
  const notice = document.getElementById(id);
  notice.textContent = text;
  notice.hidden = false;
}

/** A refusal's messages, for an alert that is not tied to a form. */
export const messagesOf = (failure) => (failure.errors ?? []).map((e) => e.message).join(' ') || 'Something went wrong: try again.';

/** A number as every console page shows it: with the thousands separators of the browser's locale. */
export const number = (n, options) => Number(n).toLocaleString(undefined, options);

/** A share (0.25) as every console page shows it: "25 %", to a tenth. */
export const percent = (ratio) => `${number(ratio * 100, { maximumFractionDigits: 1 })} %`;

/** The time of day as `when` and `clock` both show it: one format everywhere. */
const TIME_STYLE = 'short';

/** A moment as every console page shows it: date and time in the browser's locale and time zone; '' for none. */
export const when = (time) => (time ? new Date(time).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: TIME_STYLE }) : '');

/** A moment's time of day alone, as `when` shows it (the Launch panel's minutes, all within the last hour). */
export const clock = (time) => new Date(time).toLocaleTimeString(undefined, { timeStyle: TIME_STYLE });

export const count = (n, noun) => `${number(n)} ${noun}${n === 1 ? '' : 's'}`;

/** The share channels' names (the API gives their ids: src/modules/referrals/share-channels.ts). */
export const SHARE_CHANNEL_NAMES = {
  x: 'X',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  reddit: 'Reddit',
  email: 'E-mail',
  sms: 'Text message',
  copy: 'Copied link',
  qr: 'QR code',
  other: 'Other',
};

/** A choice the member made in this browser (saved by `keep`), or undefined: none, storage blocked, or not JSON. */
export function kept(key) {
  try {
    return JSON.parse(window.localStorage.getItem(key) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}

/** Keeps a choice of the member in this browser, across reloads; with storage blocked, it holds for this page only. */
export function keep(key, value) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage blocked: nothing kept.
  }
}

/** The id of the beta whose page this is (the shell's `data-beta-id`), or undefined. */
export const pageBetaId = () => document.querySelector('[data-beta-id]')?.dataset.betaId;

/**
 * What a page's shell was written with as every other one is shown: its moments (`<time datetime>`,
 * told in UTC by the server) by `when`, its numbers (`<data value>`) by `number`.
 */
function localFormats() {
  for (const time of document.querySelectorAll('time[datetime]')) time.textContent = when(time.dateTime);
  for (const data of document.querySelectorAll('data[value]')) data.textContent = number(data.value);
}

/**
 * Runs a page's loaders, then marks the page ready (`<body data-ready>`: what tests and the console
 * pages' bench wait for); a session that has ended sends the member to the sign-in page.
 */
export function start(...loaders) {
  localFormats();
  Promise.all(loaders.map((load) => load())).then(() => {
    document.body.dataset.ready = 'true';
  }).catch((failure) => {
    if (failure.status === 401) go('/console');
    else throw failure;
  });
}
