// A beta's data in and out at /console/betas/{beta_id}/data: a CSV import (a dry run first, then
// the import with its progress), the imports' history, and the testers' export as CSV or NDJSON.
import { html, type Trusted } from '../public/html.ts';
import { PRESETS } from '../modules/imports/mapping.ts';
import { permissionsOf } from '../modules/members/roles.ts';
import type { ConsolePages } from './console-pages.ts';

const nothing = html``;

function importForm(): Trusted {
  const presets = Object.keys(PRESETS).map((name) => html`<option value="${name}">${name}</option>`);
  return html`<h2>Import a CSV file</h2>
<p class="lead">A header line naming the columns (email, first_name, status, created_at, referrer_id, …), then a line per tester. Check the file first: a dry run reports every line and stores nothing.</p>
<form id="import" novalidate>
<p class="alert" id="import-error" role="alert" hidden></p>
<div class="field"><label for="field-file">CSV file</label><input id="field-file" name="file" type="file" accept=".csv,text/csv" required aria-describedby="file-error"><p class="error" id="file-error" hidden></p></div>
<div class="field"><label for="field-preset">Columns of</label><select id="field-preset" name="preset" aria-describedby="preset-error"><option value="">Prelaunch (tester field names)</option>${presets}</select><p class="error" id="preset-error" hidden></p></div>
<div class="field"><label for="field-mapping">Column mapping (optional)</label><textarea id="field-mapping" name="mapping" rows="3" placeholder='{"E-mail": "email", "Notes": null}' aria-describedby="mapping-hint mapping-error"></textarea><p class="hint" id="mapping-hint">JSON: a column of the file → the field it fills, or null to leave it out.</p><p class="error" id="mapping-error" hidden></p></div>
<div class="field check"><input id="field-send_emails" name="send_emails" type="checkbox" value="true"><label for="field-send_emails">Send each imported tester the e-mail of their status</label></div>
<div class="actions"><button type="submit" name="dry_run" value="true">Check the file</button><button type="submit" name="dry_run" value="false" class="secondary">Import</button></div>
</form>
<section id="import-report" aria-live="polite" hidden></section>`;
}

function dataContent(canImport: boolean, betaId: number): Trusted {
  return html`${canImport ? importForm() : nothing}
<h2>Imports</h2>
<p role="status" id="imports-status">Loading…</p>
<div class="table-scroll" tabindex="0" role="region" aria-label="Imports, scrolls sideways"><table><caption class="visually-hidden">Imports, newest first</caption><thead><tr><th scope="col">Started</th><th scope="col">Kind</th><th scope="col">Status</th><th scope="col">Lines</th><th scope="col">Imported</th><th scope="col">Rejected</th><th scope="col">Duplicates</th></tr></thead><tbody id="imports"></tbody></table></div>
<h2>Export the testers</h2>
<p class="lead">Every visible tester with standing, referrals, referrer, points and answers, downloaded as it is read.</p>
<form id="export" novalidate>
<div class="field"><label for="field-email_contains">Only addresses containing (optional)</label><input id="field-email_contains" name="email_contains" type="search" autocomplete="off"></div>
<p class="actions"><a class="button" id="export-csv" href="/api/v2/betas/${betaId}/testers.csv" download>Download CSV</a><a class="button secondary" id="export-ndjson" href="/api/v2/betas/${betaId}/testers.ndjson" download>Download NDJSON</a></p>
</form>`;
}

export function dataPages({ betaPage }: ConsolePages): void {
  betaPage('data', {
    title: () => 'Import & export',
    script: 'data.js',
    content: (beta, active) => dataContent(permissionsOf(active.member.role).has('testers:write'), beta.id),
  });
}
