// Endpoints for Slack and Discord: the format and digest fields of the endpoints API and their
// validation, and each event type as the message a local receiver gets in Slack's incoming-webhook
// shape (text, blocks) and Discord's execute-webhook shape (content, embeds), with console links
// and no address shown whole.
import { beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Webhook } from 'standardwebhooks';
import { Errors } from '../../../src/primitives/errors.ts';
import { createTester } from '../testers/support.ts';
import { createEndpoint, raise, startAfresh, storedEndpoint, storedEvents, withReceiver } from './support.ts';

const NOW = '2026-11-22T09:15:00.000Z';
const CONSOLE = 'https://prelaunch.test/console/betas';

describe('webhook endpoints for Slack and Discord', () => {
  const setup = withReceiver();
  beforeEach(() => startAfresh(setup, NOW));

  const path = (betaId: number, rest = '') => `/api/v2/betas/${betaId}/webhooks${rest}`;
  const refusal = (...messages: string[]) => ({ errors: messages.map((message) => ({ code: Errors.betasGeneral.code, message })) });

  async function endpointRows(betaId: number) {
    return setup.ctx.database.db.selectFrom('webhook_endpoints').selectAll().where('beta_id', '=', betaId).orderBy('id').execute();
  }

  /** A beta with a Slack and a Discord endpoint on the receiver (paths /slack and /discord). */
  async function chatBeta() {
    const { ctx, receiver } = setup;
    const beta = await ctx.createBeta({}, 'Rocket <Beta>');
    const slack = await createEndpoint(ctx, beta.id, { url: `${receiver.url}/slack`, format: 'slack' });
    const discord = await createEndpoint(ctx, beta.id, { url: `${receiver.url}/discord`, format: 'discord' });
    return { beta, slack, discord };
  }

  /** The bodies the receiver got, by path, parsed. */
  function received(): Record<string, unknown> {
    return Object.fromEntries(setup.receiver.received.map((request) => [request.path.slice(1), JSON.parse(request.body)]));
  }

  // ---- the API -----------------------------------------------------------------------------------

  test('create and update carry format, digest_at and digest_time_zone; show answers them with digest_next_at', async () => {
    const { ctx } = setup;
    const beta = await ctx.createBeta();
    const created = await ctx.request('POST', path(beta.id), {
      body: { webhook: { url: 'https://hooks.slack.com/services/T0/B0/x', format: 'slack', digest_at: '08:30', digest_time_zone: 'Europe/Paris' } },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    // 09:15 UTC is 10:15 in Paris: the next 08:30 there is tomorrow's, 07:30 UTC.
    assert.deepEqual(
      [created.body.format, created.body.digest_at, created.body.digest_time_zone, created.body.digest_next_at],
      ['slack', '08:30', 'Europe/Paris', '2026-11-23T07:30:00Z'],
    );
    const [row] = await endpointRows(beta.id);
    assert.deepEqual([row.format, row.digest_at, row.digest_time_zone, row.digest_next_at], ['slack', '08:30', 'Europe/Paris', '2026-11-23T07:30:00.000Z']);

    // A new time keeps the zone; a form body works as JSON does.
    const later = await ctx.request('PATCH', path(beta.id, `/${row.id}`), { form: 'digest_at=21:00&format=discord' });
    assert.equal(later.status, 200, JSON.stringify(later.body));
    assert.deepEqual(
      [later.body.format, later.body.digest_at, later.body.digest_time_zone, later.body.digest_next_at],
      ['discord', '21:00', 'Europe/Paris', '2026-11-22T20:00:00Z'],
    );
    const shown = await ctx.request('GET', path(beta.id, `/${row.id}`));
    assert.deepEqual(shown.body, later.body);

    // null (or an empty field) switches the digest off, its zone with it.
    const off = await ctx.request('PATCH', path(beta.id, `/${row.id}`), { body: { digest_at: null } });
    assert.deepEqual([off.status, off.body.digest_at, off.body.digest_time_zone, off.body.digest_next_at], [200, null, null, null]);
    const stored = await storedEndpoint(ctx, row.id);
    assert.deepEqual([stored!.format, stored!.digest_at, stored!.digest_time_zone, stored!.digest_next_at], ['discord', null, null, null]);
  });

  test('a wrong format, time or time zone is refused with every reason, and changes nothing', async () => {
    const { ctx } = setup;
    const beta = await ctx.createBeta();
    const bad = await ctx.request('POST', path(beta.id), {
      body: { url: 'https://hooks.example.com/a', format: 'teams', digest_at: '25:00', digest_time_zone: 'Mars/Olympus_Mons' },
    });
    assert.equal(bad.status, 422);
    assert.deepEqual(
      bad.body,
      refusal(
        'format must be one of standard, slack, discord (not "teams")',
        'digest_at must be a time of day, HH:MM from 00:00 to 23:59, or null for no digest (not "25:00")',
        'digest_time_zone is not a known time zone: "Mars/Olympus_Mons"; use an IANA name such as Europe/Paris or UTC',
      ),
    );
    const noZone = await ctx.request('POST', path(beta.id), { body: { url: 'https://hooks.example.com/a', digest_at: '09:00' } });
    assert.deepEqual([noZone.status, noZone.body], [422, refusal('digest_time_zone is required with digest_at: an IANA time zone such as Europe/Paris or UTC')]);
    assert.deepEqual(await endpointRows(beta.id), []);

    const endpoint = await createEndpoint(ctx, beta.id, { url: 'https://hooks.example.com/a' });
    const before = await storedEndpoint(ctx, endpoint.id);
    const zoneAlone = await ctx.request('PATCH', path(beta.id, `/${endpoint.id}`), { body: { digest_time_zone: 'UTC' } });
    assert.deepEqual([zoneAlone.status, zoneAlone.body], [422, refusal('digest_time_zone needs digest_at: send the time of day the digest is sent, HH:MM')]);
    const badTime = await ctx.request('PATCH', path(beta.id, `/${endpoint.id}`), { body: { format: 'slack', digest_at: '9am', digest_time_zone: 'UTC' } });
    assert.deepEqual(
      [badTime.status, badTime.body],
      [422, refusal('digest_at must be a time of day, HH:MM from 00:00 to 23:59, or null for no digest (not "9am")')],
    );
    assert.deepEqual(await storedEndpoint(ctx, endpoint.id), before, 'nothing changed, the format neither');
  });

  // ---- the messages ------------------------------------------------------------------------------

  test('a signup as a Slack and a Discord message: readable, linked to the console, the addresses masked, signed', async () => {
    const { ctx } = setup;
    // standardwebhooks compares webhook-timestamp with the real time.
    ctx.clock.set(new Date());
    const { beta, slack } = await chatBeta();
    await raise(ctx, beta.id, 'tester_created', {
      id: 7,
      email: 'ann.lee@gmail.com',
      status: 'applied',
      waitlist_position: 3,
      waitlist_length: 10,
      share_signups_count: 2,
      referred_by: 'bob@example.org',
      profile: { first_name: 'Ann', last_name: 'Lee_*' },
    });
    const [event] = await storedEvents(ctx, beta.id);
    assert.equal(await ctx.runJobs(), 2);
    const link = `${CONSOLE}/${beta.id}/testers/7`;
    assert.deepEqual(received(), {
      slack: {
        text: 'Rocket &lt;Beta&gt;: New signup: Ann Lee_* (a***@g***.com)',
        blocks: [
          {
            type: 'section',
            text: {
              type: 'mrkdwn',
              text: '*New signup: Ann Lee_* (a***@g***.com)*\n*Status:* applied\n*Waitlist position:* #3 of 10\n*Referrals:* 2\n*Referred by:* b***@e***.org',
            },
          },
          { type: 'context', elements: [{ type: 'mrkdwn', text: `<${link}|Open the tester>` }] },
        ],
      },
      discord: {
        content: 'Rocket <Beta>: New signup: Ann Lee\\_\\* (a\\*\\*\\*@g\\*\\*\\*.com)',
        embeds: [
          {
            title: 'New signup: Ann Lee\\_\\* (a\\*\\*\\*@g\\*\\*\\*.com)',
            url: link,
            description: `[Open the tester](${link})`,
            fields: [
              { name: 'Status', value: 'applied', inline: true },
              { name: 'Waitlist position', value: '#3 of 10', inline: true },
              { name: 'Referrals', value: '2', inline: true },
              { name: 'Referred by', value: 'b\\*\\*\\*@e\\*\\*\\*.org', inline: true },
            ],
            footer: { text: 'Rocket <Beta>' },
            timestamp: JSON.parse(event.payload).created_at,
          },
        ],
        allowed_mentions: { parse: [] },
      },
    });
    for (const request of setup.receiver.received) {
      assert.doesNotMatch(request.body, /ann\.lee@gmail\.com|bob@example\.org/);
      assert.equal(request.headers['content-type'], 'application/json');
    }
    // Signed like every delivery: the signature covers the message sent.
    const slackRequest = setup.receiver.received.find((request) => request.path === '/slack')!;
    assert.equal(slackRequest.headers['webhook-id'], event.public_id);
    assert.ok(new Webhook(slack.secret).verify(slackRequest.body, slackRequest.headers as Record<string, string>));
    // The delivery's detail shows the message as sent.
    const [attempt] = await ctx.database.db.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', slack.id).execute();
    const detail = await ctx.request('GET', path(beta.id, `/${slack.id}/deliveries/${attempt.id}`));
    assert.deepEqual([detail.status, detail.body.payload, detail.body.event_type], [200, slackRequest.body, 'tester_created']);
    // The log keeps the event as raised.
    const attempts = await ctx.database.db.selectFrom('webhook_deliveries').select(['status', 'response_status']).where('event_id', '=', event.id).execute();
    assert.deepEqual(attempts, [
      { status: 'succeeded', response_status: 200 },
      { status: 'succeeded', response_status: 200 },
    ]);
  });

  /** The messages of the other event types: the title, the fields and where the link leads. */
  const CASES: { type: string; data: Record<string, unknown>; title: string; fields: [string, string][]; link: (betaId: number) => [string, string] }[] = [
    {
      type: 'tester_updated',
      data: { id: 8, email: 'zoe@example.net', status: 'invited', share_signups_count: 0, referred_by: null, profile: { first_name: null, last_name: null } },
      title: 'Tester updated: z***@e***.net',
      fields: [
        ['Status', 'invited'],
        ['Referrals', '0'],
      ],
      link: (betaId) => [`${CONSOLE}/${betaId}/testers/8`, 'Open the tester'],
    },
    {
      type: 'tester_deleted',
      data: { id: 9, email: 'max@example.com', status: 'applied', profile: { first_name: 'Max', last_name: null } },
      title: 'Tester deleted: Max (m***@e***.com)',
      fields: [['Status', 'applied']],
      link: (betaId) => [`${CONSOLE}/${betaId}/testers`, 'Open the testers'],
    },
    {
      type: 'reward_earned',
      data: { id: 1, name: 'Early access', type: 'manual', user_role: 'referrer', user_id: 7, status: 'earned' },
      title: 'Reward earned: Early access',
      fields: [
        ['Tester', '#7'],
        ['Role', 'referrer'],
        ['Type', 'manual'],
      ],
      link: (betaId) => [`${CONSOLE}/${betaId}/testers/7`, 'Open the tester'],
    },
    {
      type: 'reward_delivered',
      data: { id: 1, name: 'T-shirt', type: 'manual', user_role: 'referee', user_id: 5, status: 'delivered' },
      title: 'Reward delivered: T-shirt',
      fields: [
        ['Tester', '#5'],
        ['Role', 'referee'],
        ['Type', 'manual'],
      ],
      link: (betaId) => [`${CONSOLE}/${betaId}/testers/5`, 'Open the tester'],
    },
    {
      type: 'reward_revoked',
      data: { id: 1, name: 'T-shirt', type: 'manual', user_role: 'referee', user_id: 5, status: 'revoked' },
      title: 'Reward revoked: T-shirt',
      fields: [
        ['Tester', '#5'],
        ['Role', 'referee'],
        ['Type', 'manual'],
      ],
      link: (betaId) => [`${CONSOLE}/${betaId}/testers/5`, 'Open the tester'],
    },
    {
      type: 'point_earned',
      data: { id: 3, quantity: 10, activity: 'referral', reason: 'Referred a friend', user_id: 6 },
      title: '10 points earned',
      fields: [
        ['Tester', '#6'],
        ['Activity', 'referral'],
        ['Reason', 'Referred a friend'],
      ],
      link: (betaId) => [`${CONSOLE}/${betaId}/testers/6`, 'Open the tester'],
    },
    {
      type: 'point_revoked',
      data: { id: 3, quantity: 10, activity: 'manual', reason: null, user_id: 6 },
      title: '10 points revoked',
      fields: [
        ['Tester', '#6'],
        ['Activity', 'manual'],
      ],
      link: (betaId) => [`${CONSOLE}/${betaId}/testers/6`, 'Open the tester'],
    },
  ];

  test('every other event type as a Slack and a Discord message', async () => {
    const { ctx } = setup;
    for (const { type, data, title, fields, link } of CASES) {
      await ctx.database.db.deleteFrom('outbox_jobs').execute();
      setup.receiver.received.length = 0;
      const { beta } = await chatBeta();
      await raise(ctx, beta.id, type as Parameters<typeof raise>[2], data);
      assert.equal(await ctx.runJobs(), 2, type);
      const [url, label] = link(beta.id);
      const { slack, discord } = received() as Record<string, any>;
      assert.deepEqual(
        slack,
        {
          text: `Rocket &lt;Beta&gt;: ${title}`,
          blocks: [
            { type: 'section', text: { type: 'mrkdwn', text: [`*${title}*`, ...fields.map(([name, value]) => `*${name}:* ${value}`)].join('\n') } },
            { type: 'context', elements: [{ type: 'mrkdwn', text: `<${url}|${label}>` }] },
          ],
        },
        type,
      );
      const escaped = (text: string) => text.replaceAll('*', '\\*');
      assert.deepEqual(
        discord,
        {
          content: `Rocket <Beta>: ${escaped(title)}`,
          embeds: [
            {
              title: escaped(title),
              url,
              description: `[${label}](${url})`,
              fields: fields.map(([name, value]) => ({ name, value, inline: true })),
              footer: { text: 'Rocket <Beta>' },
              timestamp: '2026-11-22T09:15:00Z',
            },
          ],
          allowed_mentions: { parse: [] },
        },
        type,
      );
    }
  });

  test('a test event and a real signup through the API reach a Discord endpoint as messages without the address', async () => {
    const { ctx } = setup;
    const { beta, discord } = await chatBeta();
    const sent = await ctx.request('POST', path(beta.id, `/${discord.id}/test`));
    assert.equal(sent.status, 202, JSON.stringify(sent.body));
    assert.equal(await ctx.runJobs(), 1);
    const link = `${CONSOLE}/${beta.id}/settings/webhooks/${discord.id}`;
    assert.deepEqual((received() as Record<string, any>).discord.embeds[0], {
      title: 'Test message: this endpoint receives the beta’s events',
      url: link,
      description: `[Open the endpoint](${link})`,
      fields: [],
      footer: { text: 'Rocket <Beta>' },
      timestamp: '2026-11-22T09:15:00Z',
    });

    setup.receiver.received.length = 0;
    const tester = await createTester(ctx, beta.id, { email: 'grace.hopper@navy.example.mil', profile: { first_name: 'Grace' } });
    await ctx.runJobs();
    const { slack, discord: message } = received() as Record<string, any>;
    assert.equal(slack.text, 'Rocket &lt;Beta&gt;: New signup: Grace (g***@n***.mil)');
    assert.equal(message.embeds[0].url, `${CONSOLE}/${beta.id}/testers/${tester.id}`);
    assert.deepEqual(message.embeds[0].fields.slice(0, 2), [
      { name: 'Status', value: tester.status, inline: true },
      { name: 'Waitlist position', value: '#1 of 1', inline: true },
    ]);
    for (const request of setup.receiver.received) assert.doesNotMatch(request.body, /grace\.hopper/);
  });
});
