// A beta's settings pages: the beta and its form, the design of its pages, questions, rewards and
// rules, points, invitation codes and suppressions. Tables are read a page at a time from the management API; every change
// is a call of it, and a refusal is shown next to the field it names.
import { call, clearErrors, el, go, handle, listPage, messagesOf, number, pageBetaId, say, start, when } from './core.js';

const beta = pageBetaId();
const api = (path = '') => `/api/v2/betas/${beta}${path}`;
const page = document.querySelector('[data-settings-page]')?.dataset.settingsPage;

/** The settings of a form's `data-setting` fields, each read as its `data-kind` says. */
function settingsOf(form) {
  const settings = {};
  for (const input of form.querySelectorAll('[data-setting]')) {
    const key = input.dataset.setting;
    const text = input.value.trim();
    switch (input.dataset.kind) {
      case 'boolean':
        settings[key] = input.checked;
        break;
      case 'set':
        settings[key] ??= [];
        if (input.checked) settings[key].push(input.value);
        break;
      case 'integer':
      case 'nullable-integer':
      case 'number':
        settings[key] = text === '' ? null : Number(text);
        break;
      case 'nullable-text':
        settings[key] = text === '' ? null : text;
        break;
      case 'lines':
        settings[key] = input.value.split('\n').map((line) => line.trim()).filter(Boolean);
        break;
      default:
        settings[key] = input.value;
    }
  }
  return settings;
}

/** Puts stored settings back into the form (the API normalizes some: lower-case domains, no repeats). */
function fillSettings(form, settings) {
  for (const input of form.querySelectorAll('[data-setting]')) {
    const value = settings[input.dataset.setting];
    if (input.dataset.kind === 'boolean') input.checked = value === true;
    else if (input.dataset.kind === 'set') input.checked = value.includes(input.value);
    else if (input.dataset.kind === 'lines') input.value = value.join('\n');
    else input.value = value ?? '';
  }
}

/** The number in an integer field, null when empty: the API says what is wrong with the rest. */
const integer = (text) => (text === undefined || text.trim() === '' ? null : Number(text));

/**
 * A table read a page at a time: `row(item)` makes its cells, `actions(item)` its buttons (members
 * who can change it). Answers `reload()`, which keeps the page, and `load(1)`.
 */
function collection(id, url, row, { empty, actions, perPage = 25 } = {}) {
  const table = document.getElementById(id);
  const pager = document.getElementById(`${id}-pager`);
  const alert = document.getElementById(`${id}-alert`);
  const writable = table.hasAttribute('data-actions');
  let current = 1;
  let last = 1;
  async function load(target = current) {
    const separator = url().includes('?') ? '&' : '?';
    const { items, page: facts } = await listPage(`${url()}${separator}page=${target}&per_page=${perPage}`);
    current = facts.current_page ?? target;
    last = facts.pages ?? 1;
    const rows = items.map((item) => el('tr', {}, ...row(item).map((cell) => el('td', {}, cell)), ...(writable ? [el('td', { class: 'row-actions' }, ...(actions?.(item) ?? []))] : [])));
    const columns = table.tHead.rows[0].cells.length;
    table.tBodies[0].replaceChildren(...(rows.length ? rows : [el('tr', {}, el('td', { colspan: String(columns) }, empty))]));
    pager.hidden = last <= 1;
    // Past 10,000 a list's total is a lower bound (X-Pagination says total_estimated).
    pager.querySelector('span').textContent = facts.total_estimated
      ? `Page ${current} · over ${number(facts.total_count - 1)} in all`
      : `Page ${number(current)} of ${number(last)} · ${number(facts.total_count)} in all`;
    pager.querySelector('[data-page=previous]').disabled = current <= 1;
    pager.querySelector('[data-page=next]').disabled = facts.next_page == null;
  }
  pager.querySelector('[data-page=previous]').addEventListener('click', () => load(current - 1));
  pager.querySelector('[data-page=next]').addEventListener('click', () => load(current + 1));
  /** Runs a row's change (after the member confirms), shows a refusal above the table, reloads. */
  const act = async (question, change, notice) => {
    if (question && !window.confirm(question)) return;
    alert.hidden = true;
    try {
      const answer = await change();
      if (notice) say(notice[0], notice[1](answer));
    } catch (failure) {
      if (!failure.errors) throw failure;
      alert.textContent = messagesOf(failure);
      alert.hidden = false;
    }
    await load();
  };
  return { load, reload: () => load(), act };
}

const button = (text, onClick, attributes = {}) => {
  const node = el('button', { type: 'button', class: 'secondary', ...attributes }, text);
  node.addEventListener('click', onClick);
  return node;
};

/**
 * An add form that also edits: `edit(item, fill)` fills it, sets its hidden id, renames its button
 * and its heading and adds Cancel; `reset()` turns it back into an add form.
 */
function editable(id, addLabel, editLabel, heading, editHeading) {
  const form = document.getElementById(id);
  if (!form) return { edit() {}, reset() {}, save() {}, form };
  const submit = form.querySelector('button[type=submit]');
  const title = heading && document.getElementById(heading);
  const headingText = title?.textContent;
  const cancel = el('button', { type: 'button', class: 'secondary' }, 'Cancel');
  cancel.hidden = true;
  submit.after(cancel);
  const reset = () => {
    form.reset();
    clearErrors(form);
    form.elements.id.value = '';
    submit.textContent = addLabel;
    cancel.hidden = true;
    if (title) title.textContent = headingText;
    for (const input of form.querySelectorAll('[data-add-only]')) input.disabled = false;
  };
  cancel.addEventListener('click', reset);
  const edit = (item, fill) => {
    reset();
    form.elements.id.value = String(item.id);
    fill(form.elements);
    submit.textContent = editLabel;
    cancel.hidden = false;
    if (title) title.textContent = editHeading;
    form.querySelector('input:not([type=hidden]):not(:disabled), select, textarea')?.focus();
  };
  /**
   * Sends the form: a PATCH of `path`/{id} while editing, else a POST to `path`, of `bodyOf(values,
   * editing)`; then "{named(item)} saved." or "… added." and `after()`.
   */
  const save = (path, bodyOf, named, after) =>
    handle(
      id,
      (v) => (v.id ? call('PATCH', api(`${path}/${v.id}`), bodyOf(v, true)) : call('POST', api(path), bodyOf(v, false))),
      (item) => {
        const edited = form.elements.id.value;
        reset();
        say(`${id}-done`, `${named(item)} ${edited ? 'saved' : 'added'}.`);
        after();
      },
    );
  return { edit, reset, save, form };
}

// The beta and its signup form.
function generalPage() {
  handle(
    'beta',
    () => {
      const form = document.getElementById('beta');
      const text = (name) => form.elements[name].value.trim();
      return call('PATCH', api(), { name: text('name'), slug: text('slug') || null, homepage_url: text('homepage_url'), settings: settingsOf(form) });
    },
    (saved, form) => {
      form.elements.name.value = saved.name;
      form.elements.slug.value = saved.slug ?? '';
      form.elements.homepage_url.value = saved.homepage_url;
      fillSettings(form, saved.settings);
      document.querySelector('[data-beta-id]').textContent = saved.name;
      say('beta-done', 'Settings saved.');
    },
  );
  // Made on the first visit, the same one on every later one.
  handle('open-sandbox', () => call('POST', api('/sandbox')), (sandbox) => go(`/console/betas/${sandbox.id}`));
  const confirmation = document.getElementById('delete-beta-confirm');
  handle(
    'delete-beta',
    (values) => {
      if (values.confirm.trim() !== confirmation.dataset.expected) {
        return Promise.reject(Object.assign(new Error('unconfirmed'), { status: 422, errors: [{ message: 'confirm: type the beta’s name exactly as it is shown' }] }));
      }
      return call('DELETE', api());
    },
    () => go('/console/betas'),
  );
}

// The design of the public pages, with a live preview of the signup page rendered by the server.
function pagePage() {
  const form = document.getElementById('page');
  const frame = document.getElementById('page-preview');
  const status = document.getElementById('page-preview-status');
  /** The draft as typed: an empty text is the default (null), as the API takes it. */
  const draft = () => {
    const page = {};
    for (const input of document.querySelectorAll('[data-page-field]')) {
      const key = input.dataset.pageField;
      page[key] = input.type === 'checkbox' ? input.checked : input.value.trim() === '' ? null : input.value;
    }
    return page;
  };
  // Previews answer in any order: only the latest request's answer is shown.
  let latest = 0;
  const preview = async () => {
    const mine = ++latest;
    status.textContent = 'Updating the preview…';
    try {
      const rendered = await call('POST', api('/page/preview'), form ? draft() : {});
      if (mine !== latest) return;
      if (form) clearErrors(form);
      frame.srcdoc = rendered.html;
      status.textContent = 'The signup page as visitors see it.';
    } catch (failure) {
      if (mine !== latest || !failure.errors) throw failure;
      // Shown under the fields without taking the focus from what is being typed.
      clearErrors(form);
      markFields(form, failure);
      status.textContent = 'The preview waits for the draft to be valid: see the messages in the form.';
    }
  };
  if (!form) return preview;
  let timer;
  form.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(preview, 300);
  });
  handle('page', () => call('PATCH', api(), { page: draft() }), (saved) => {
    for (const input of form.querySelectorAll('[data-page-field]')) {
      const value = saved.page[input.dataset.pageField];
      if (input.type === 'checkbox') input.checked = value;
      else input.value = value ?? '';
    }
    say('page-done', 'Page saved.');
    preview();
  });
  for (const kind of ['logo', 'hero']) {
    const file = document.getElementById(`image-${kind}`);
    const remove = document.getElementById(`image-${kind}-remove`);
    const error = document.getElementById(`image-${kind}-error`);
    const show = (saved, notice) => {
      const url = saved.page[`${kind}_url`];
      const current = document.getElementById(`image-${kind}-current`);
      current.replaceChildren(url ? el('img', { src: new URL(url).pathname, alt: `The current ${kind === 'hero' ? 'hero image' : 'logo'}` }) : 'None yet.');
      remove.hidden = !url;
      file.value = '';
      say('image-done', notice);
      preview();
    };
    const attempt = async (change, notice) => {
      error.hidden = true;
      file.removeAttribute('aria-invalid');
      try {
        show(await change(), notice);
      } catch (failure) {
        if (!failure.errors) throw failure;
        error.textContent = messagesOf(failure);
        error.hidden = false;
        file.setAttribute('aria-invalid', 'true');
      }
    };
    file.addEventListener('change', () => {
      if (!file.files.length) return;
      const body = new FormData();
      body.append('file', file.files[0]);
      attempt(() => call('PUT', api(`/page/${kind}`), body), `The ${kind === 'hero' ? 'hero image' : 'logo'} is uploaded.`);
    });
    remove.addEventListener('click', () => attempt(() => call('DELETE', api(`/page/${kind}`)), `The ${kind === 'hero' ? 'hero image' : 'logo'} is removed.`));
  }
  return preview;
}

/** Each refusal under the field its message names (page.brand_color …), the rest above the form; the focus stays. */
function markFields(form, failure) {
  const loose = [];
  for (const { message } of failure.errors) {
    const input = [...form.querySelectorAll('[data-page-field]')].find((candidate) => new RegExp(`\\b${candidate.dataset.pageField}\\b`).test(message));
    const slot = input && document.getElementById(`${input.id}-error`);
    if (!slot) {
      loose.push(message);
      continue;
    }
    slot.textContent = `${slot.textContent} ${message}`.trim();
    slot.hidden = false;
    input.setAttribute('aria-invalid', 'true');
  }
  const alert = document.getElementById('page-error');
  alert.textContent = loose.join(' ');
  alert.hidden = loose.length === 0;
}

// Signup questions.
function questionsPage() {
  const editor = editable('question', 'Add question', 'Save question', 'question-heading', 'Edit the question');
  const kinds = { text: 'Text', multiple_choice: 'Multiple choice', multiple_select: 'Multiple select', scale: 'Scale', agreement: 'Agreement' };
  const list = collection('questions', () => api('/questions'), (q) => [q.prompt, kinds[q.kind], (q.choices ?? []).join(', '), q.required ? 'Yes' : 'No'], {
    empty: 'No question yet: signups answer only the form’s fields.',
    perPage: 100,
    actions: (q) => [
      button('Edit', () => editor.edit(q, (f) => {
        f.kind.value = q.kind;
        f.prompt.value = q.prompt;
        f.choices.value = q.choices.join('\n');
        f.required.checked = q.required;
      }), { 'aria-label': `Edit ${q.prompt}` }),
      button('Delete', () => list.act(`Delete “${q.prompt}” and every answer to it?`, () => call('DELETE', api(`/questions/${q.id}`)), ['question-done', () => 'Question deleted.']), {
        'aria-label': `Delete ${q.prompt}`,
      }),
    ],
  });
  editor.save(
    '/questions',
    (v) => ({ kind: v.kind, prompt: v.prompt, choices: v.choices.split('\n').map((c) => c.trim()).filter(Boolean), required: v.required === 'true' }),
    (question) => `Question “${question.prompt}”`,
    () => list.reload(),
  );
  return list.load;
}

// Rewards and the rules that issue them.
function rewardsPage() {
  const editor = editable('definition', 'Add reward', 'Save reward', 'definition-heading', 'Edit the reward');
  const types = { SingleSided: 'One-sided', DoubleSided: 'Two-sided', Milestone: 'Milestone' };
  const ruleReward = document.getElementById('rule-descriptor');
  const definitions = collection('definitions', () => api('/reward_definitions'), (d) => [d.name, d.descriptor, types[d.type], d.points, d.max_quantity_per_user, d.referrals_required ?? '', d.friend_name ?? ''], {
    empty: 'No reward yet.',
    perPage: 100,
    actions: (d) => [
      button('Edit', () => editor.edit(d, (f) => {
        for (const name of ['name', 'descriptor', 'type', 'points', 'max_quantity_per_user']) f[name].value = d[name];
        f.referrals_required.value = d.referrals_required ?? '';
        f.friend_name.value = d.friend_name ?? '';
      }), { 'aria-label': `Edit ${d.name}` }),
      button('Delete', () => definitions.act(`Delete “${d.name}” and its rules? Rewards already issued stay.`, () => call('DELETE', api(`/reward_definitions/${d.id}`)), ['definition-done', () => 'Reward deleted.']).then(reloadRules), {
        'aria-label': `Delete ${d.name}`,
      }),
    ],
  });
  const rules = collection('rules', () => api('/reward_rules'), (r) => [r.event, r.descriptor], {
    empty: 'No rule yet.',
    perPage: 100,
    actions: (r) => [button('Delete', () => rules.act(`Delete the rule “${r.event}” → ${r.descriptor}?`, () => call('DELETE', api(`/reward_rules/${r.id}`)), ['rule-done', () => 'Rule deleted.']), { 'aria-label': `Delete the rule ${r.event} → ${r.descriptor}` })],
  });
  /** The rule form's rewards: the definitions a rule can issue (milestones need none). */
  async function loadRewardChoices() {
    if (!ruleReward) return;
    const choices = await call('GET', api('/reward_definitions?per_page=100'));
    ruleReward.replaceChildren(...choices.filter((d) => d.type !== 'Milestone').map((d) => el('option', { value: d.descriptor }, `${d.name} (${d.descriptor})`)));
  }
  async function reloadRules() {
    await Promise.all([rules.reload(), loadRewardChoices()]);
  }
  editor.save(
    '/reward_definitions',
    (v) => ({
      name: v.name,
      descriptor: v.descriptor,
      type: v.type,
      points: integer(v.points) ?? 0,
      max_quantity_per_user: integer(v.max_quantity_per_user) ?? 1,
      referrals_required: integer(v.referrals_required),
      friend_name: v.friend_name.trim() || null,
    }),
    (definition) => `Reward “${definition.name}”`,
    () => Promise.all([definitions.reload(), reloadRules()]),
  );
  handle('rule', (v) => call('POST', api('/reward_rules'), { event: v.event, descriptor: v.descriptor }), (rule, form) => {
    form.reset();
    say('rule-done', `Rule added: ${rule.event} issues ${rule.descriptor}.`);
    rules.reload();
  });
  return [definitions.load, rules.load, loadRewardChoices];
}

// Points: what each activity gives, bonus points by hand, and the points given.
function pointsPage() {
  handle('activities', () => call('PATCH', api(), { settings: settingsOf(document.getElementById('activities')) }), (saved, form) => {
    fillSettings(form, saved.settings);
    say('activities-done', 'Points saved.');
  });
  const filter = document.getElementById('points-filter');
  const activities = { bonus: 'Bonus', signup: 'Signup', share: 'Share', referral: 'Referral', reward: 'Reward', friend_reward: 'Friend’s reward' };
  const list = collection(
    'points',
    () => {
      const email = filter.elements.email.value.trim();
      return api(`/points${email ? `?email=${encodeURIComponent(email)}` : ''}`);
    },
    (p) => [when(p.created_at), el('a', { href: `/console/betas/${beta}/testers/${p.user_id}` }, p.email), activities[p.activity] ?? p.activity, number(p.quantity), p.reason ?? '', when(p.revoked_at)],
    {
      empty: 'No points given yet.',
      actions: (p) => (p.revoked_at ? [] : [button('Revoke', () => list.act(`Revoke these ${p.quantity} points?`, () => call('DELETE', api(`/points/${p.id}`))), { 'aria-label': `Revoke point ${p.id}` })]),
    },
  );
  handle('points-filter', () => list.load(1), () => {});
  handle('bonus', (v) => call('POST', api('/points'), { email: v.email.trim(), quantity: integer(v.quantity), reason: v.reason.trim() || undefined }), (point, form) => {
    form.reset();
    say('bonus-done', `${point.quantity} points given.`);
    list.reload();
  });
  return list.load;
}

/** "2026-11-22T09:15:00Z" as a datetime-local field's value, in the browser's time. */
function localInput(time) {
  if (!time) return '';
  const date = new Date(time);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

// Custom invitation codes.
function codesPage() {
  const editor = editable('code', 'Add code', 'Save code', 'code-heading', 'Change the code’s limits');
  editor.form?.elements.code.setAttribute('data-add-only', '');
  const list = collection('codes', () => api('/invitation_codes'), (c) => [c.code, number(c.uses), c.max_uses === null ? 'No limit' : number(c.max_uses), when(c.expires_at) || 'Never', when(c.created_at)], {
    empty: 'No custom code yet.',
    actions: (c) => [
      button('Edit', () => editor.edit(c, (f) => {
        f.code.value = c.code;
        f.code.disabled = true;
        f.max_uses.value = c.max_uses ?? '';
        f.expires_at.value = localInput(c.expires_at);
      }), { 'aria-label': `Edit ${c.code}` }),
      button('Delete', () => list.act(`Delete the code ${c.code}?`, () => call('DELETE', api(`/invitation_codes/${c.id}`)), ['code-done', () => 'Code deleted.']), { 'aria-label': `Delete ${c.code}` }),
    ],
  });
  editor.save(
    '/invitation_codes',
    (v, editing) => {
      const expires = v.expires_at ? new Date(v.expires_at).toISOString() : null;
      if (editing) return { max_uses: integer(v.max_uses), expires_at: expires };
      const body = { code: v.code.trim() };
      if (integer(v.max_uses) !== null) body.max_uses = integer(v.max_uses);
      if (expires) body.expires_at = expires;
      return body;
    },
    (code) => `Code ${code.code}`,
    () => list.reload(),
  );
  return list.load;
}

// Suppressed addresses.
function suppressionsPage() {
  const filter = document.getElementById('suppressions-filter');
  const liftable = new Set(['Manual', 'HardBounce']);
  const list = collection(
    'suppressions',
    () => {
      const email = filter.elements.email.value.trim();
      return api(`/suppressions${email ? `?email=${encodeURIComponent(email)}` : ''}`);
    },
    // The address links to its tester's page when a tester of the beta has it.
    (s) => [s.user_id ? el('a', { href: `/console/betas/${beta}/testers/${s.user_id}` }, s.email) : s.email, s.reason, when(s.suppressed_at)],
    {
      empty: 'No suppressed address.',
      actions: (s) =>
        liftable.has(s.reason)
          ? [button('Lift', () => list.act(`Let ${s.email} receive e-mail again?`, () => call('DELETE', api(`/suppressions/${s.id}`)), ['suppression-done', (lifted) => `${lifted.email} receives e-mail again.`]), { 'aria-label': `Lift the suppression of ${s.email}` })]
          : ['Through support'],
    },
  );
  handle('suppressions-filter', () => list.load(1), () => {});
  handle('suppression', (v) => call('POST', api('/suppressions'), { email: v.email.trim(), reason: v.reason }), (suppression, form) => {
    form.reset();
    say('suppression-done', `${suppression.email} is suppressed.`);
    list.load(1);
  });
  return list.load;
}

const PAGES = { general: generalPage, page: pagePage, questions: questionsPage, rewards: rewardsPage, points: pointsPage, codes: codesPage, suppressions: suppressionsPage };
const loaders = PAGES[page]?.() ?? [];
start(...[loaders].flat());
