// What the webhooks and API keys pages share: a table paged through the API (X-Pagination) with
// its pager, and a secret shown once with a button copying it.
import { el, listPage } from './core.js';

const PER_PAGE = 25;

/**
 * The table body `id` filled page by page from `url` (rows by `row`), its pager (#{id}-pager)
 * moving it; answers `load(page)`, which shows that page (the current one by default).
 */
export function pagedTable(id, url, row, empty) {
  let current = 1;
  const pager = document.getElementById(`${id}-pager`);
  async function load(page = current) {
    const { items, page: facts } = await listPage(`${url}?page=${page}&per_page=${PER_PAGE}`);
    current = facts.current_page ?? page;
    const body = document.getElementById(id);
    body.replaceChildren(...items.map(row));
    const columns = String(body.closest('table').querySelectorAll('thead th').length);
    if (items.length === 0) body.append(el('tr', {}, el('td', { colspan: columns }, empty)));
    pager.hidden = (facts.pages ?? 1) <= 1;
    document.getElementById(`${id}-page`).textContent = `Page ${current} of ${Math.max(facts.pages ?? 1, 1)} · ${facts.total_count ?? items.length} in all`;
    pager.querySelector('[data-go=previous]').disabled = !facts.previous_page;
    pager.querySelector('[data-go=next]').disabled = !facts.next_page;
  }
  pager.addEventListener('click', (event) => {
    const go = event.target.closest('button')?.dataset.go;
    if (go) load(go === 'next' ? current + 1 : current - 1);
  });
  return load;
}

/** Shows a secret the API answered once (#secret), the focus on the button copying it. */
export function showSecret(secret) {
  document.getElementById('secret-value').textContent = secret;
  document.getElementById('copy-done').textContent = '';
  document.getElementById('secret').hidden = false;
  document.getElementById('copy-secret').focus();
}

document.getElementById('copy-secret')?.addEventListener('click', async () => {
  const done = document.getElementById('copy-done');
  try {
    await navigator.clipboard.writeText(document.getElementById('secret-value').textContent);
    done.textContent = 'Copied.';
  } catch {
    done.textContent = 'Select it and copy it yourself.';
  }
});
