// A beta's import and export page: the CSV file posted to the imports API (a dry run or the import),
// the import followed until it ends, the imports' history, and the export links kept to the filter.
import { call, clearErrors, count, el, number, pageBetaId, showErrors, start, when } from './core.js';

const betaId = pageBetaId();
const imports = `/api/v2/betas/${betaId}/imports`;
/** How often a running import is read again. */
const FOLLOW_MS = 1000;
const FINISHED = new Set(['completed', 'failed']);

const lines = (problems) => el('ul', {}, ...problems.map((p) => el('li', {}, `Line ${p.line}: ${p.message}`)));

/** The report of one import or dry run, with its progress while it runs. */
function renderReport(run) {
  const report = document.getElementById('import-report');
  const running = !FINISHED.has(run.status);
  const kind = run.dry_run ? 'Dry run' : 'Import';
  const heading = el('h3', { id: 'import-report-title' }, running ? `${kind} ${run.status}…` : `${kind} ${run.status}`);
  const progress = running ? [el('progress', { 'aria-labelledby': 'import-report-title' }), el('p', {}, `${count(run.rows_total, 'line')} read so far`)] : [];
  const verb = run.dry_run ? 'would be imported' : 'imported';
  const summary = el(
    'p',
    { id: 'import-summary' },
    `${count(run.rows_total, 'line')}: ${number(run.rows_accepted)} ${verb}, ${number(run.rows_rejected)} rejected, ` +
      `${number(run.rows_duplicate)} duplicates, ${count(run.referrals_linked, 'referral')} linked.`,
  );
  const parts = [heading, ...progress, summary];
  if (run.failure) parts.push(el('p', { class: 'alert' }, run.failure));
  if (run.errors.length) parts.push(el('h4', {}, `Rejected lines (${number(run.errors_count)})`), lines(run.errors));
  if (run.warnings.length) parts.push(el('h4', {}, `Notes (${number(run.warnings_count)})`), lines(run.warnings));
  report.replaceChildren(...parts);
  report.hidden = false;
}

/** Follows the import until it ends, then lists it among the others. */
async function follow(run) {
  renderReport(run);
  while (!FINISHED.has(run.status)) {
    await new Promise((resolve) => setTimeout(resolve, FOLLOW_MS));
    run = await call('GET', `${imports}/${run.id}`);
    renderReport(run);
  }
  await loadImports();
}

const form = document.getElementById('import');
form?.addEventListener('submit', async (event) => {
  event.preventDefault();
  clearErrors(form);
  const file = form.elements.file.files[0];
  if (!file) {
    showErrors(form, { status: 422, errors: [{ message: 'Choose the CSV file to import: file' }] });
    return;
  }
  const query = new URLSearchParams({ dry_run: event.submitter?.value ?? 'true' });
  if (form.elements.send_emails.checked) query.set('send_emails', 'true');
  if (form.elements.preset.value) query.set('preset', form.elements.preset.value);
  if (form.elements.mapping.value.trim()) query.set('mapping', form.elements.mapping.value.trim());
  const body = new FormData();
  body.append('file', file);
  const buttons = [...form.querySelectorAll('button')];
  for (const button of buttons) button.disabled = true;
  try {
    await follow(await call('POST', `${imports}?${query}`, body));
  } catch (failure) {
    if (!failure.errors) throw failure;
    showErrors(form, failure);
  } finally {
    for (const button of buttons) button.disabled = false;
  }
});

async function loadImports() {
  const page = await call('GET', `${imports}?per_page=20`);
  document.getElementById('imports-status').textContent = page.length ? `The last ${count(page.length, 'import')}` : 'Nothing imported yet.';
  document.getElementById('imports').replaceChildren(
    ...page.map((run) =>
      el(
        'tr',
        {},
        el('td', {}, when(run.created_at)),
        el('td', {}, run.dry_run ? 'Dry run' : 'Import'),
        el('td', {}, run.status),
        ...[run.rows_total, run.rows_accepted, run.rows_rejected, run.rows_duplicate].map((n) => el('td', {}, number(n))),
      ),
    ),
  );
  const running = page.find((run) => !run.dry_run && !FINISHED.has(run.status));
  if (running && document.getElementById('import-report')?.hidden) follow(running);
}

/** The export links carry the page's filter (and any filter the page was opened with). */
function keepExportFilter() {
  const exportForm = document.getElementById('export');
  const opened = new URLSearchParams(window.location.search);
  const update = () => {
    const filters = new URLSearchParams(opened);
    const contains = exportForm.elements.email_contains.value.trim();
    if (contains) filters.set('email_contains', contains);
    else filters.delete('email_contains');
    const query = filters.size ? `?${filters}` : '';
    for (const format of ['csv', 'ndjson']) document.getElementById(`export-${format}`).href = `/api/v2/betas/${betaId}/testers.${format}${query}`;
  };
  exportForm.elements.email_contains.value = opened.get('email_contains') ?? '';
  exportForm.addEventListener('input', update);
  exportForm.addEventListener('submit', (event) => event.preventDefault());
  update();
}

keepExportFilter();
start(loadImports);
