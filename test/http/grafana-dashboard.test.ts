// The Grafana dashboard in docs/grafana/: every series its queries read is one /metrics serves (a
// process with Redis, as a deployment that scales out runs), and it imports cleanly: one
// Prometheus data source variable, unique panel ids, every panel within the 24-column grid.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startTestContext, type TestContext } from '../support/context.ts';

interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  datasource?: { type: string; uid: string };
  targets?: { expr: string; datasource: { type: string; uid: string } }[];
}

const dashboard = JSON.parse(readFileSync(new URL('../../docs/grafana/prelaunch-dashboard.json', import.meta.url), 'utf8')) as {
  uid: string;
  templating: { list: { name: string; type: string }[] };
  panels: Panel[];
};
/** Grafana's reference to the dashboard's data source variable. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: Grafana's variable syntax, not a JavaScript template
const DATA_SOURCE = { type: 'prometheus', uid: '${datasource}' };
const queries = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ panel: panel.title, ...target })));

describe('the Grafana dashboard', () => {
  let ctx: TestContext;
  let served: Set<string>;

  before(async () => {
    ctx = await startTestContext({ env: { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' } });
    const metrics = await ctx.request('GET', '/metrics', { key: null });
    assert.equal(metrics.status, 200);
    served = new Set<string>();
    for (const [, name, type] of String(metrics.body).matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      served.add(name!);
      if (type === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) served.add(`${name}${suffix}`);
    }
  });
  after(() => ctx?.close());

  test('every series a query reads is served at /metrics', () => {
    assert.ok(queries.length >= 15, `${queries.length} queries`);
    for (const query of queries) {
      const series = [...query.expr.matchAll(/\b([a-z_][a-z0-9_]*)\{/g)].map((match) => match[1]!);
      assert.ok(series.length > 0, `${query.panel}: the query names a series with its selector: ${query.expr}`);
      for (const name of series) assert.ok(served.has(name), `${query.panel}: ${name} is not served at /metrics`);
      assert.match(query.expr, /\{job=~"\$job"/, `${query.panel}: the query follows the job variable`);
    }
  });

  test('it imports cleanly: one Prometheus data source variable, unique ids, the panels inside the grid', () => {
    assert.equal(dashboard.uid, 'prelaunch');
    assert.deepEqual(dashboard.templating.list.map((variable) => [variable.name, variable.type]), [['datasource', 'datasource'], ['job', 'query']]);
    const ids = dashboard.panels.map((panel) => panel.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const panel of dashboard.panels) {
      assert.ok(panel.gridPos.x >= 0 && panel.gridPos.x + panel.gridPos.w <= 24, `${panel.title} fits the grid`);
      if (panel.type === 'row') continue;
      assert.deepEqual(panel.datasource, DATA_SOURCE, `${panel.title} reads the chosen data source`);
      for (const target of panel.targets ?? []) assert.deepEqual(target.datasource, panel.datasource);
    }
  });
});
