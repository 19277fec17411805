// A beta's e-mail templates: pick a message, edit it with a live preview (rendered by the server for
// a sample tester, shown in a sandboxed frame), save it, go back to the default, send a test.
import { call, clearErrors, handle, pageBetaId, say, showErrors, start } from './core.js';

const base = `/api/v2/betas/${pageBetaId()}/email_templates`;
const form = document.getElementById('template');
const occasion = document.getElementById('occasion');
const PARTS = ['subject', 'body', 'html_body'];
const PREVIEW_DELAY_MS = 300;

/** The draft as typed: the three parts (the preview and the test send render it). */
const draft = () => Object.fromEntries(PARTS.map((part) => [part, form.elements[part].value]));

function fill(template) {
  for (const part of PARTS) form.elements[part].value = template[part];
  form.elements.enabled.checked = template.enabled;
  document.getElementById('variables').textContent = `Variables: ${template.variables.join(', ')}${template.customized ? '' : ' · This is the built-in template.'}`;
}

async function loadTemplate() {
  clearErrors(form);
  document.getElementById('template-done').hidden = true;
  fill(await call('GET', `${base}/${occasion.value}`));
  await preview();
}

// Previews answer in any order: only the latest request's answer is shown.
let latest = 0;
async function preview() {
  const mine = ++latest;
  const status = document.getElementById('preview-status');
  status.textContent = 'Rendering…';
  let rendered;
  try {
    rendered = await call('POST', `${base}/${occasion.value}/preview`, draft());
  } catch (failure) {
    if (mine !== latest || !failure.errors) throw failure;
    markParts(failure);
    status.textContent = 'The draft cannot be rendered: see the messages under the fields.';
    return;
  }
  if (mine !== latest) return;
  markParts({ errors: [] });
  document.getElementById('preview-subject').textContent = rendered.subject;
  document.getElementById('preview-text').textContent = rendered.text;
  const frame = document.getElementById('preview-html');
  frame.hidden = rendered.html === null;
  frame.srcdoc = rendered.html ?? '';
  status.textContent = rendered.html === null ? 'Up to date (plain text only).' : 'Up to date.';
}

/** Shows each part's problem under it, without moving the focus away from what is being typed. */
function markParts(failure) {
  for (const part of PARTS) {
    const slot = document.getElementById(`${part}-error`);
    const problems = failure.errors.filter((e) => e.message.startsWith(`${part} `)).map((e) => e.message);
    slot.textContent = problems.join(' ');
    slot.hidden = problems.length === 0;
    if (problems.length) form.elements[part].setAttribute('aria-invalid', 'true');
    else form.elements[part].removeAttribute('aria-invalid');
  }
  const other = failure.errors.filter((e) => !PARTS.some((part) => e.message.startsWith(`${part} `)));
  const alert = document.getElementById('template-error');
  alert.textContent = other.map((e) => e.message).join(' ');
  alert.hidden = other.length === 0;
}

let timer;
form.addEventListener('input', (event) => {
  if (!PARTS.includes(event.target.name)) return;
  clearTimeout(timer);
  timer = setTimeout(() => preview().catch(() => {}), PREVIEW_DELAY_MS);
});
occasion.addEventListener('change', () => loadTemplate());

handle(
  'template',
  () => call('PUT', `${base}/${occasion.value}`, { ...draft(), enabled: form.elements.enabled.checked }),
  (template) => {
    fill(template);
    say('template-done', 'Saved: new messages use this template.');
  },
);

document.getElementById('reset-template')?.addEventListener('click', async () => {
  if (!window.confirm('Replace this template with the built-in one?')) return;
  clearErrors(form);
  try {
    fill(await call('DELETE', `${base}/${occasion.value}`));
    say('template-done', 'Back to the built-in template.');
    await preview();
  } catch (failure) {
    if (!failure.errors) throw failure;
    showErrors(form, failure);
  }
});

handle(
  'test-send',
  (values) => call('POST', `${base}/${occasion.value}/test`, { ...draft(), to: values.to }),
  (message) => say('test-send-done', `Test queued to ${message.to}: it shows in the e-mail log as a test.`),
);

start(loadTemplate);
