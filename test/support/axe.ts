// axe-core in a page of a browser test: injected from node_modules (through the DevTools protocol,
// so a page's strict CSP does not block it), run over the whole document, and every violation of
// impact serious or critical fails the test with what, where and why. The page must run scripts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Fails when axe finds a serious or critical violation on the page as it is now. */
export async function assertAccessible(page: Page, what = page.url()): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations: Violation[] = await page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map((v) => `- ${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\n\s*/g, ' ')}`).join('\n')}`);
  assert.equal(serious.length, 0, `axe: serious or critical violations on ${what}\n${report.join('\n')}`);
}
