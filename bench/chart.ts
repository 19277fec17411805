// npm run bench:chart [-- --out bench/chart.svg] [FILE.json …]
// Draws what `bench:api --json` wrote (bench/results/*.json unless files are named) as one SVG:
// throughput (req/s) and p99 (ms) of create, show and list against the beta's size, both axes on a
// log scale, one line per route and database setup. Hand-written SVG: no dependency, readable on
// white, viewable in any browser or in the README on GitHub.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const HERE = fileURLToPath(new URL('.', import.meta.url));

interface Report {
  date: string;
  setup: string;
  testers: number;
  rounds: number;
  load: { start: number[]; end: number[] };
  figures: { measure: 'create' | 'create_hot' | 'show' | 'list'; rps: number; p99: number }[];
}

const MEASURES = [
  { measure: 'create', label: 'create (referred)', color: '#d62728' },
  { measure: 'show', label: 'show (standing)', color: '#1f77b4' },
  { measure: 'list', label: 'list 100, email_contains', color: '#2ca02c' },
] as const;
/** One dash pattern per setup, in the order met. */
const DASHES = ['', '7 4', '2 3', '10 3 2 3'];
const MARKERS = ['circle', 'square', 'diamond', 'triangle'] as const;

const W = 900;
const H = 600;
const PANEL = { top: 85, bottom: 470, width: 340 };
const PANELS_X = [90, 520];

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Log ticks covering [lo, hi]: 1, 2, 5 × 10^k. */
function logTicks(lo: number, hi: number): number[] {
  const ticks: number[] = [];
  for (let k = Math.floor(Math.log10(lo)); k <= Math.ceil(Math.log10(hi)); k++) {
    for (const m of [1, 2, 5]) {
      const v = m * 10 ** k;
      if (v >= lo && v <= hi) ticks.push(v);
    }
  }
  return ticks;
}

const compact = (v: number) => (v >= 1e6 ? `${v / 1e6}M` : v >= 1e3 ? `${v / 1e3}k` : String(v));

function marker(shape: (typeof MARKERS)[number], x: number, y: number, color: string): string {
  const r = 4.5;
  switch (shape) {
    case 'circle':
      return `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>`;
    case 'square':
      return `<rect x="${x - r}" y="${y - r}" width="${2 * r}" height="${2 * r}" fill="${color}"/>`;
    case 'diamond':
      return `<path d="M${x} ${y - r - 1}L${x + r + 1} ${y}L${x} ${y + r + 1}L${x - r - 1} ${y}Z" fill="${color}"/>`;
    case 'triangle':
      return `<path d="M${x} ${y - r - 1}L${x + r + 1} ${y + r}L${x - r - 1} ${y + r}Z" fill="${color}"/>`;
  }
}

function main(): void {
  const { values, positionals } = parseArgs({ options: { out: { type: 'string', default: join(HERE, 'chart.svg') } }, allowPositionals: true });
  const dir = join(HERE, 'results');
  const files = positionals.length > 0 ? positionals : readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => join(dir, f));
  // The folder holds other benches' results too (bench:compare, bench:public): only bench:api's reports have a setup.
  const reports = files.map((file) => JSON.parse(readFileSync(file, 'utf8')) as Partial<Report>).filter((report): report is Report => typeof report.setup === 'string');
  if (reports.length === 0) throw new Error('no bench:api --json files: run bench:api with --json bench/results/NAME.json first');
  // SQLite first: the solid line.
  const setups = [...new Set(reports.map((r) => r.setup))].sort((a, b) => Number(b.startsWith('SQLite')) - Number(a.startsWith('SQLite')) || a.localeCompare(b));

  const sizes = reports.map((r) => r.testers);
  const [xlo, xhi] = [Math.min(5000, ...sizes), Math.max(2_000_000, ...sizes)];
  const xOf = (x0: number, v: number) => x0 + ((Math.log10(v) - Math.log10(xlo)) / (Math.log10(xhi) - Math.log10(xlo))) * PANEL.width;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="Helvetica, Arial, sans-serif" font-size="13">`);
  out.push(`<rect width="${W}" height="${H}" fill="#fff"/>`);
  const dates = [...new Set(reports.map((r) => r.date.slice(0, 10)))].sort();
  out.push(`<text x="${W / 2}" y="26" text-anchor="middle" font-size="17" font-weight="bold">bench:api against the beta's size (median of ${Math.max(...reports.map((r) => r.rounds))} rounds, 50 connections)</text>`);
  out.push(
    `<text x="${W / 2}" y="46" text-anchor="middle" fill="#555">2 cores shared with other work; runs of ${dates.join(', ')}; 1-minute load ${Math.min(...reports.map((r) => r.load.start[0])).toFixed(1)}–${Math.max(...reports.map((r) => r.load.end[0])).toFixed(1)}</text>`,
  );

  const panels = [
    { title: 'Throughput (req/s, higher is better)', value: (f: Report['figures'][number]) => f.rps },
    { title: 'p99 latency (ms, lower is better)', value: (f: Report['figures'][number]) => f.p99 },
  ];
  panels.forEach((panel, p) => {
    const x0 = PANELS_X[p];
    const all = reports.flatMap((r) => r.figures.map(panel.value)).filter((v) => v > 0);
    const lo = 10 ** Math.floor(Math.log10(Math.min(...all)));
    const hi = 10 ** Math.ceil(Math.log10(Math.max(...all)));
    const yOf = (v: number) => PANEL.bottom - ((Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))) * (PANEL.bottom - PANEL.top);
    out.push(`<text x="${x0 + PANEL.width / 2}" y="${PANEL.top - 10}" text-anchor="middle" font-weight="bold">${escapeXml(panel.title)}</text>`);
    for (const t of logTicks(lo, hi)) {
      const y = yOf(t);
      out.push(`<line x1="${x0}" x2="${x0 + PANEL.width}" y1="${y}" y2="${y}" stroke="#e3e3e3"/>`);
      out.push(`<text x="${x0 - 6}" y="${y + 4}" text-anchor="end" fill="#333">${compact(t)}</text>`);
    }
    for (const t of [10_000, 100_000, 1_000_000]) {
      const x = xOf(x0, t);
      out.push(`<line x1="${x}" x2="${x}" y1="${PANEL.top}" y2="${PANEL.bottom}" stroke="#e3e3e3"/>`);
      out.push(`<text x="${x}" y="${PANEL.bottom + 18}" text-anchor="middle" fill="#333">${compact(t)}</text>`);
    }
    out.push(`<rect x="${x0}" y="${PANEL.top}" width="${PANEL.width}" height="${PANEL.bottom - PANEL.top}" fill="none" stroke="#888"/>`);
    out.push(`<text x="${x0 + PANEL.width / 2}" y="${PANEL.bottom + 38}" text-anchor="middle">testers in the beta at the run's end (log scale)</text>`);
    out.push(
      `<text transform="translate(${x0 - 52} ${(PANEL.top + PANEL.bottom) / 2}) rotate(-90)" text-anchor="middle">${p === 0 ? 'requests per second' : 'p99 ms'} (log scale)</text>`,
    );
    setups.forEach((setup, s) => {
      for (const { measure, color } of MEASURES) {
        const points = reports
          .filter((r) => r.setup === setup)
          .map((r) => ({ x: r.testers, y: panel.value(r.figures.find((f) => f.measure === measure)!) }))
          .filter((pt) => pt.y > 0)
          .sort((a, b) => a.x - b.x);
        if (points.length === 0) continue;
        const path = points.map((pt, k) => `${k === 0 ? 'M' : 'L'}${xOf(x0, pt.x).toFixed(1)} ${yOf(pt.y).toFixed(1)}`).join('');
        out.push(`<path d="${path}" fill="none" stroke="${color}" stroke-width="2.2"${DASHES[s % DASHES.length] ? ` stroke-dasharray="${DASHES[s % DASHES.length]}"` : ''}/>`);
        for (const pt of points) out.push(marker(MARKERS[s % MARKERS.length], xOf(x0, pt.x), yOf(pt.y), color));
      }
    });
  });

  // Legend: colours are routes, line styles and markers are setups.
  let ly = PANEL.bottom + 62;
  let lx = 90;
  for (const { label, color } of MEASURES) {
    out.push(`<line x1="${lx}" x2="${lx + 26}" y1="${ly - 4}" y2="${ly - 4}" stroke="${color}" stroke-width="3"/>`);
    out.push(`<text x="${lx + 32}" y="${ly}">${escapeXml(label)}</text>`);
    lx += 230;
  }
  ly += 24;
  lx = 90;
  setups.forEach((setup, s) => {
    out.push(`<line x1="${lx}" x2="${lx + 26}" y1="${ly - 4}" y2="${ly - 4}" stroke="#333" stroke-width="2.2"${DASHES[s % DASHES.length] ? ` stroke-dasharray="${DASHES[s % DASHES.length]}"` : ''}/>`);
    out.push(marker(MARKERS[s % MARKERS.length], lx + 13, ly - 4, '#333'));
    out.push(`<text x="${lx + 32}" y="${ly}">${escapeXml(setup)}</text>`);
    lx += 345;
  });
  out.push('</svg>');
  writeFileSync(values.out, `${out.join('\n')}\n`);
  process.stdout.write(`wrote ${values.out} from ${reports.length} runs: ${reports.map((r) => `${r.setup} at ${r.testers.toLocaleString('en')}`).join('; ')}\n`);
}

main();
