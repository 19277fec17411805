// Migration 037: an event that a process left without its body (migration 009's render_tester_id,
// the process stopped between commit and rendering) becomes an effects row with the event's id and
// endpoints, and its delivery jobs go; the worker then expands it into the same event, rendered.
// Events with their bodies and their jobs are left as they are.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { loadConfig } from '../../src/process/config.ts';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrate.ts';
import { EFFECTS_JOB } from '../../src/jobs/effects.ts';
import { WEBHOOK_DELIVERY_JOB } from '../../src/modules/events/events.ts';
import { createServices } from '../../src/services.ts';
import { createTestDatabase } from '../support/context.ts';
import { insertRawBetas } from '../support/raw-rows.ts';
import { testerRow } from '../modules/testers/support.ts';

const NOW = '2026-11-22T09:15:00.000Z';

test('migration 037: an event left without its body becomes an effects row, which the worker expands into the same event', async () => {
  const { url, drop } = await createTestDatabase();
  const database = openDatabase(url);
  try {
    await migrateUpTo(database, '032-invitation-schedules');
    const { db } = database;
    const [betaId] = await insertRawBetas(db, NOW);
    const tester = await db.insertInto('testers').values(testerRow(betaId, 'left@example.com')).returning('id').executeTakeFirstOrThrow();
    const endpoint = await db
      .insertInto('webhook_endpoints')
      .values({ beta_id: betaId, url: 'https://hooks.example.com/in', secret: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXR0ZXN0c2VjcmV0', events: null, enabled: 1, created_at: NOW, updated_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    const event = async (publicId: string, payload: string, renderTesterId: number | null) => {
      const { rows } = await sql<{ id: number }>`insert into webhook_events (public_id, beta_id, type, payload, render_tester_id, created_at)
        values (${publicId}, ${betaId}, 'tester_created', ${payload}, ${renderTesterId}, ${NOW}) returning id`.execute(db);
      const id = Number(rows[0].id);
      await db.insertInto('outbox_jobs').values({ kind: WEBHOOK_DELIVERY_JOB, payload: JSON.stringify({ eventId: id, endpointId: endpoint.id }), run_at: NOW, created_at: NOW }).execute();
      return id;
    };
    const rendered = await event('evt_00000000000000000000000000000001', '{"id":"evt_00000000000000000000000000000001"}', null);
    const left = await event('evt_00000000000000000000000000000002', '', tester.id);

    await migrateToLatest(database);
    const events = await db.selectFrom('webhook_events').selectAll().orderBy('id').execute();
    assert.deepEqual(events.map((row) => row.id), [rendered], 'the event without a body went');
    assert.equal('render_tester_id' in events[0], false, 'and so did its column');
    const jobs = await db.selectFrom('outbox_jobs').selectAll().orderBy('id').execute();
    assert.deepEqual(
      jobs.map((job) => [job.kind, JSON.parse(job.payload)]),
      [
        [WEBHOOK_DELIVERY_JOB, { eventId: rendered, endpointId: endpoint.id }],
        [
          EFFECTS_JOB,
          {
            betaId,
            parts: { events: [{ publicId: 'evt_00000000000000000000000000000002', type: 'tester_created', now: NOW, endpointIds: [endpoint.id], testerId: tester.id }] },
          },
        ],
      ],
      `the delivery job of event ${left} went; an effects row stands for it`,
    );

    const services = await createServices(database, loadConfig({ DATABASE_URL: url, GEOIP_DATABASE_PATH: 'off' }));
    try {
      const row = jobs[1];
      await services.jobHandlers[EFFECTS_JOB](JSON.parse(row.payload), row, new AbortController().signal);
      const expanded = await db.selectFrom('webhook_events').selectAll().where('public_id', '=', 'evt_00000000000000000000000000000002').executeTakeFirstOrThrow();
      const body = JSON.parse(expanded.payload);
      assert.deepEqual([body.id, body.type, body.beta_id, body.data.id, body.data.email], ['evt_00000000000000000000000000000002', 'tester_created', betaId, tester.id, 'left@example.com']);
      const delivery = await db.selectFrom('outbox_jobs').select('payload').where('kind', '=', WEBHOOK_DELIVERY_JOB).where('payload', 'like', `%"eventId":${expanded.id},%`).execute();
      assert.deepEqual(delivery.map((job) => JSON.parse(job.payload)), [{ eventId: expanded.id, endpointId: endpoint.id }]);
      assert.deepEqual(await db.selectFrom('outbox_jobs').select('id').where('kind', '=', EFFECTS_JOB).execute(), [], 'the row was consumed');
    } finally {
      await services.close();
    }
  } finally {
    await database.close();
    await drop();
  }
});
