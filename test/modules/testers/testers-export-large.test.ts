// The export of 100,000 testers, read over a real socket as it streams and checked row by row
// against the list the API pages through (answers and points against what is stored), in both
// formats; and a client that leaves mid-download stops the reading. The testers go straight into
// the table: 100,000 signups through the API would take many minutes.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { get } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { EXPORT_PAGE_SIZE } from '../../../src/modules/testers/export.ts';
import type { TestersService } from '../../../src/modules/testers/testers.service.ts';
import { appWithLog, startTestContext, type TestContext } from '../../support/context.ts';
import { CsvReader, expectedCell } from '../../support/csv.ts';
import { testerRow } from './support.ts';

const TESTERS = 100_000;
const LIST_PAGE = 100;

/** The body's text as it arrives, decoded as UTF-8 across chunk boundaries. */
async function* bodyText(response: Response): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) yield decoder.decode(chunk, { stream: true });
  const rest = decoder.decode();
  if (rest) yield rest;
}

describe(`export of ${TESTERS.toLocaleString('en')} testers`, () => {
  let ctx: TestContext;
  let beta: { id: number };
  let question: number;
  let points: Map<number, number>;
  let answers: Map<number, string>;

  before(async () => {
    ctx = await startTestContext({ listen: true });
    beta = await ctx.createBeta();
    const created = await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, { body: { question: { kind: 'text', prompt: 'Where from?' } } });
    question = created.body.id;
    const db = ctx.database.db;
    for (let start = 0; start < TESTERS; start += 500) {
      const rows = Array.from({ length: 500 }, (_, j) => {
        const i = start + j;
        return testerRow(beta.id, `bulk-${i}@example.com`, {
          status: i % 10 === 0 ? 'invited' : 'applied',
          first_name: i % 7 === 0 ? `=Ann "${i}", Jr.` : `Ann${i}`,
          custom_var1: i % 3 === 0 ? 'ads' : null,
          points: (i % 13) - 3,
        });
      });
      await db.insertInto('testers').values(rows).execute();
    }
    // Some referred (by the tester before them), some with an answer.
    await sql`update testers set referrer_id = id - 1 where beta_id = ${beta.id} and id % 50 = 0`.execute(db);
    const ids = (await db.selectFrom('testers').select(['id', 'points']).where('beta_id', '=', beta.id).orderBy('id').execute());
    points = new Map(ids.map((row) => [row.id, row.points]));
    answers = new Map(ids.filter((_, i) => i % 20 === 0).map((row) => [row.id, `from, "${row.id}"`]));
    const now = new Date().toISOString();
    const answerRows = [...answers].map(([testerId, answer]) => ({ tester_id: testerId, question_id: question, answer, created_at: now, updated_at: now }));
    for (let start = 0; start < answerRows.length; start += 500) await db.insertInto('tester_responses').values(answerRows.slice(start, start + 500)).execute();
  });
  after(() => ctx.close());

  /** The list's testers in id order, a page at a time, as the export's rows are checked against them. */
  function listed() {
    let page = 0;
    let buffered: any[] = [];
    let ended = false;
    return async (): Promise<any | undefined> => {
      if (buffered.length === 0 && !ended) {
        page += 1;
        const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?per_page=${LIST_PAGE}&page=${page}`);
        assert.equal(response.status, 200);
        buffered = response.body;
        ended = buffered.length < LIST_PAGE;
      }
      return buffered.shift();
    };
  }

  function download(format: 'csv' | 'ndjson') {
    return fetch(`${ctx.config.publicUrl}/api/v2/betas/${beta.id}/testers.${format}`, { headers: { authorization: `Bearer ${ctx.apiKey}` } });
  }

  const responsesOf = (id: number) => (answers.has(id) ? [{ question_id: question, question: 'Where from?', answer: answers.get(id) }] : []);

  test('NDJSON: every line is the tester the list shows, with its answers and points', async () => {
    const response = await download('ndjson');
    assert.equal(response.status, 200);
    const next = listed();
    let rest = '';
    let count = 0;
    for await (const text of bodyText(response)) {
      const lines = (rest + text).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        const exported = JSON.parse(line);
        const shown = await next();
        assert.ok(shown, `line ${count + 1}: the list has ended`);
        assert.deepEqual(exported, { ...shown, responses: responsesOf(shown.id), points: points.get(shown.id) }, `line ${count + 1}`);
        count += 1;
      }
    }
    assert.equal(rest, '', 'the last line ends with its newline');
    assert.equal(await next(), undefined, 'the list has no tester the export left out');
    assert.equal(count, TESTERS);
  });

  test('CSV: every record holds the fields of the tester the list shows, with its answer and points', async () => {
    const response = await download('csv');
    assert.equal(response.status, 200);
    const next = listed();
    const reader = new CsvReader();
    let header: string[] | undefined;
    let count = 0;
    for await (const text of bodyText(response)) {
      for (const record of reader.feed(text)) {
        if (!header) {
          header = record;
          continue;
        }
        const shown = await next();
        assert.ok(shown, `record ${count + 1}: the list has ended`);
        const expected = header.map((name) => {
          if (name === 'points') return expectedCell(points.get(shown.id));
          if (name === `responses.${question}`) return expectedCell(answers.get(shown.id));
          return expectedCell(name.split('.').reduce((value, key) => value[key], shown));
        });
        assert.deepEqual(record, expected, `record ${count + 1}`);
        count += 1;
      }
    }
    assert.ok(reader.complete, 'the text ends at a record end');
    assert.equal(await next(), undefined, 'the list has no tester the export left out');
    assert.equal(count, TESTERS);
  });

  test('a client that leaves mid-download stops the reading', async () => {
    // The app's testers service, with the export's chunks counted as they are asked for.
    const seen = { chunks: 0, closed: false };
    const testers: TestersService = Object.create(ctx.services.testers);
    testers.exportBeta = async (...args) => {
      const exported = await ctx.services.testers.exportBeta(...args);
      async function* counted() {
        try {
          for await (const chunk of exported.chunks) {
            seen.chunks += 1;
            yield chunk;
          }
        } finally {
          seen.closed = true;
        }
      }
      return { ...exported, chunks: counted() };
    };
    const { app, log } = await appWithLog(ctx, { ...ctx.services, testers });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      // The first bytes, then the socket closed, as a client that gives up does.
      await new Promise<void>((resolve, reject) => {
        const url = new URL(`${address}/api/v2/betas/${beta.id}/testers.csv`);
        const request = get(url, { headers: { authorization: `Bearer ${ctx.apiKey}` } }, (response) => {
          assert.equal(response.statusCode, 200);
          response.once('data', () => {
            request.destroy();
            resolve();
          });
        });
        request.on('error', (error) => (request.destroyed ? resolve() : reject(error)));
      });
      // Waits for the server to see the socket close (no time limit is asserted: the test's own timeout bounds it).
      while (!seen.closed) await delay(20);
      const pages = Math.ceil(TESTERS / EXPORT_PAGE_SIZE);
      assert.ok(seen.chunks < pages / 2, `read ${seen.chunks} chunks of ${pages + 1} before stopping`);
      assert.match(log(), /stream closed prematurely/);
    } finally {
      await app.close();
    }
  });
});
