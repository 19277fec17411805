// Every write route raced against the DELETE of what it works in (docs/architecture.md, "Lock
// order"): its beta, and in every other round the tester it acts on, when it names one. Each answer
// must be a success or 404 — never a 5xx, nor another refusal that only the race caused — the
// DELETE must succeed, no row may outlive its beta or tester, and no transaction may have been run
// again after a deadlock. The write routes are read from the route table: a route added without an
// entry in RACES fails here until it has one. DELETE_RACE_ROUNDS runs it longer
// (docs/operations.md, "Reliability").
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { transactionRetries, type RetryReason } from '../../src/db/transaction.ts';
import { RESEND_INTERVAL_SECONDS } from '../../src/modules/emails/emails.service.ts';
import { startTestContext, type TestContext, type TestResponse } from '../support/context.ts';
import { registeredRoutes } from '../support/routes.ts';
import { uniqueEmail } from '../modules/testers/support.ts';
import { DESKTOP, visit } from '../public/support.ts';

const ROUNDS = Number(process.env.DELETE_RACE_ROUNDS ?? 4);
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Write routes with nothing to delete under them. */
const UNRACED: Record<string, string> = {
  'POST /api/v2/betas': 'creates a beta: it lives in nothing that can be deleted',
  // The company's members and their console sessions live in the company, which no route deletes.
  'POST /api/v2/members': "adds a company's member: not under a beta or tester",
  'PATCH /api/v2/members/:member_id': "changes a company's member: not under a beta or tester",
  'DELETE /api/v2/members/:member_id': "removes a company's member: not under a beta or tester",
  'POST /api/v2/api_keys': "creates a company's API key: not under a beta or tester",
  'POST /api/v2/api_keys/:api_key_id/revoke': "revokes a company's API key: not under a beta or tester",
  'POST /console/session': "signs a member in: not under a beta or tester",
  'DELETE /console/session': "signs a member out: not under a beta or tester",
  'PUT /console/session/password': "changes a member's password: not under a beta or tester",
  'POST /console/setup': 'makes the first owner: not under a beta or tester',
  'POST /console/password-resets': "sends a member's reset link: not under a beta or tester",
  'POST /console/password-resets/complete': "sets a member's password: not under a beta or tester",
  'POST /console/session/link': "signs a member in through an e-mailed link: not under a beta or tester",
  // Each MCP call is a request to the API's own routes, whose races are listed here.
  'POST /mcp': 'carries calls of the API routes above: it writes nothing itself',
  'DELETE /mcp': 'answers 405: the MCP server keeps no session to end',
};

/** Routes that write although they are read with GET: a form counts its impression, a share link its click. */
const WRITING_READS = ['GET /b/:beta', 'GET /public/betas/:beta/form', 'GET /r/:code'];

interface Sent {
  method: string;
  url: string;
  json?: unknown;
  form?: string;
  /** A body sent as it is, with its content type (an XML checkin, a CSV file to import). */
  raw?: { type: string; body: string };
  /** Sent as a visitor's browser, without the API key (the public pages). */
  visitor?: boolean;
  /** The tester the request acts on, deleted in every other round instead of the beta. */
  tester?: number;
}

/** A new beta for one round, and what a request needs made in it through the API. */
class Scene {
  private made = 0;

  constructor(
    readonly ctx: TestContext,
    readonly betaId: number,
  ) {}

  /** The beta's path, or a path under it. */
  path(under = ''): string {
    return `/api/v2/betas/${this.betaId}${under}`;
  }

  async call(method: string, under: string, body?: unknown): Promise<any> {
    const response = await this.ctx.request(method, this.path(under), { body });
    if (response.status >= 300) throw new Error(`scene: ${method} ${under} answered ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }

  /** A name not used before in this beta. */
  unique(prefix: string): string {
    this.made += 1;
    return `${prefix}_${this.made}`;
  }

  tester(fields: Record<string, unknown> = {}): Promise<any> {
    return this.call('POST', '/testers', { tester: { email: uniqueEmail('race'), ...fields } });
  }

  /** A reward definition whose rewards come with points. */
  definition(): Promise<any> {
    const fields = { descriptor: this.unique('reward'), name: 'A reward', type: 'SingleSided', max_quantity_per_user: 100, points: 5 };
    return this.call('POST', '/reward_definitions', fields);
  }

  rule(descriptor: string): Promise<any> {
    return this.call('POST', '/reward_rules', { event: this.unique('event'), descriptor });
  }


  webhook(): Promise<any> {
    // Port 9 (discard): nothing listens on it here, so a delivery fails at once.
    return this.call('POST', '/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['tester_created'] });
  }

  /** A column of the row the beta's e-mails or confirmations hold for the tester (a link's token). */
  async token(table: 'email_messages' | 'email_confirmations', column: 'unsubscribe_token' | 'token', testerId: number): Promise<string> {
    const db = this.ctx.database.db as unknown as Kysely<any>;
    const row = await db.selectFrom(table).select(column).where('tester_id', '=', testerId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return row[column];
  }
}

interface Race {
  /** The beta's settings, over the defaults the scene's betas have. */
  settings?: Record<string, unknown>;
  /** Makes what the request needs in the round's beta, and the request. */
  make(scene: Scene): Promise<Sent>;
}

const xmlCheckin = (email: string) => `<?xml version="1.0" encoding="UTF-8"?><checkin><email>${email}</email></checkin>`;
const v1Checkin = (suffix: string): Race => ({
  async make(scene) {
    const tester = await scene.tester();
    const url = `/api/v1/betas/${scene.betaId}/checkins${suffix}?api_key=${encodeURIComponent(scene.ctx.apiKey)}`;
    return { method: 'POST', url, raw: { type: 'application/xml', body: xmlCheckin(tester.email) }, tester: tester.id };
  },
});
const DOUBLE_OPT_IN = { double_opt_in: true };
/** An unconfirmed tester and the token of its confirmation link, which may be sent again now. */
async function unconfirmed(scene: Scene): Promise<{ tester: any; token: string }> {
  const tester = await scene.tester({ status: 'unconfirmed' });
  const token = await scene.token('email_confirmations', 'token', tester.id);
  scene.ctx.clock.advance(RESEND_INTERVAL_SECONDS * 1000);
  return { tester, token };
}

const DAILY_WAVE = { kind: 'top', count: 10, every: 'day', at: '10:00', time_zone: 'Europe/Paris' };
/** A design's image: uploaded (an SVG, text the scene can send as it is), and removed once uploaded. */
function designImageRaces(kind: 'logo' | 'hero'): Record<string, Race> {
  const svg = { type: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#123456"/></svg>' };
  return {
    [`PUT /api/v2/betas/:beta_id/page/${kind}`]: { make: async (s) => ({ method: 'PUT', url: s.path(`/page/${kind}`), raw: svg }) },
    [`DELETE /api/v2/betas/:beta_id/page/${kind}`]: {
      async make(s) {
        const uploaded = await s.ctx.request('PUT', s.path(`/page/${kind}`), { body: svg.body, headers: { 'content-type': svg.type } });
        if (uploaded.status !== 200) throw new Error(`scene: the ${kind} upload answered ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
        return { method: 'DELETE', url: s.path(`/page/${kind}`) };
      },
    },
  };
}

/** How to race each write route: the request it is sent, in a beta made for the round. */
const RACES: Record<string, Race> = {
  'DELETE /api/v2/betas/:beta_id': { make: async (s) => ({ method: 'DELETE', url: s.path() }) },
  'PATCH /api/v2/betas/:beta_id': { make: async (s) => ({ method: 'PATCH', url: s.path(), json: { name: 'Renamed', settings: { idle_days: 30 } } }) },
  'POST /api/v2/betas/:beta_id/sandbox': {
    async make(s) {
      // Something of each kind it copies, so that the copy takes a few statements.
      await s.call('POST', '/questions', { kind: 'text', prompt: 'Why?' });
      await s.webhook();
      return { method: 'POST', url: s.path('/sandbox') };
    },
  },
  'POST /api/v2/betas/:beta_id/questions': { make: async (s) => ({ method: 'POST', url: s.path('/questions'), json: { kind: 'text', prompt: 'Why?' } }) },
  'PATCH /api/v2/betas/:beta_id/questions/:question_id': {
    async make(s) {
      const question = await s.call('POST', '/questions', { kind: 'text', prompt: 'Why?' });
      return { method: 'PATCH', url: s.path(`/questions/${question.id}`), json: { prompt: 'Why not?', required: true } };
    },
  },
  'DELETE /api/v2/betas/:beta_id/questions/:question_id': {
    async make(s) {
      const question = await s.call('POST', '/questions', { kind: 'text', prompt: 'Why?' });
      return { method: 'DELETE', url: s.path(`/questions/${question.id}`) };
    },
  },
  'POST /api/v2/betas/:beta_id/invitation_codes': {
    make: async (s) => ({ method: 'POST', url: s.path('/invitation_codes'), json: { code: s.unique('CODE'), max_uses: 10 } }),
  },
  'PATCH /api/v2/betas/:beta_id/invitation_codes/:code_id': {
    async make(s) {
      const code = await s.call('POST', '/invitation_codes', { code: s.unique('CODE'), max_uses: 10 });
      return { method: 'PATCH', url: s.path(`/invitation_codes/${code.id}`), json: { max_uses: 20 } };
    },
  },
  'DELETE /api/v2/betas/:beta_id/invitation_codes/:code_id': {
    async make(s) {
      const code = await s.call('POST', '/invitation_codes', { code: s.unique('CODE'), max_uses: 10 });
      return { method: 'DELETE', url: s.path(`/invitation_codes/${code.id}`) };
    },
  },
  'POST /api/v2/betas/:beta_id/testers': {
    async make(s) {
      const referrer = await s.tester();
      return { method: 'POST', url: s.path('/testers'), json: { tester: { email: uniqueEmail('race'), referrer_id: referrer.referral_code } } };
    },
  },
  'POST /api/v2/betas/:beta_id/imports': {
    async make(s) {
      // A file naming a tester of the beta as the referrer of a new one: the job runs, or finds its beta gone.
      const referrer = await s.tester();
      const csv = `email,status,referrer_id\r\n${uniqueEmail('race')},applied,${referrer.referral_code}\r\n`;
      return { method: 'POST', url: s.path('/imports'), raw: { type: 'text/csv', body: csv } };
    },
  },
  'PUT /api/v2/betas/:beta_id/testers/:tester_id': {
    async make(s) {
      const tester = await s.tester();
      return { method: 'PUT', url: s.path(`/testers/${tester.id}`), json: { tester: { status: 'invited', profile: { first_name: 'Ann' } } }, tester: tester.id };
    },
  },
  'DELETE /api/v2/betas/:beta_id/testers/:tester_id': {
    async make(s) {
      const tester = await s.tester();
      return { method: 'DELETE', url: s.path(`/testers/${tester.id}`), tester: tester.id };
    },
  },
  'POST /api/v2/betas/:beta_id/testers/:tester_id/erase': {
    async make(s) {
      // With a friend it referred, whose referrer link the erasure keeps.
      const tester = await s.tester();
      await s.tester({ referrer_id: tester.referral_code });
      return { method: 'POST', url: s.path(`/testers/${tester.id}/erase`), tester: tester.id };
    },
  },
  'POST /api/v2/betas/:beta_id/testers/:tester_id/accept_referral': {
    async make(s) {
      // One device for both: the referral is held until accepted (docs/decisions.md, "Fraud signals").
      const device = { ip: '203.0.113.30', user_agent: DESKTOP };
      const referrer = await s.tester({ profile: device });
      const held = await s.tester({ profile: device, referrer_id: referrer.referral_code });
      return { method: 'POST', url: s.path(`/testers/${held.id}/accept_referral`), tester: held.id };
    },
  },
  'POST /api/v2/betas/:beta_id/testers/:tester_id/reverse_referral': {
    async make(s) {
      // A credited referral: the referrer's credit is what the reversal takes back.
      const referrer = await s.tester();
      const friend = await s.tester({ referrer_id: referrer.referral_code });
      return { method: 'POST', url: s.path(`/testers/${friend.id}/reverse_referral`), tester: friend.id };
    },
  },
  'POST /api/v2/betas/:beta_id/testers/:tester_id/move_to_front': {
    async make(s) {
      // Behind another, so the move changes the tester's position and records a move.
      await s.tester();
      const tester = await s.tester();
      return { method: 'POST', url: s.path(`/testers/${tester.id}/move_to_front`), tester: tester.id };
    },
  },
  'POST /api/v2/betas/:beta_id/testers/:tester_id/resend_confirmation': {
    settings: DOUBLE_OPT_IN,
    async make(s) {
      const { tester } = await unconfirmed(s);
      return { method: 'POST', url: s.path(`/testers/${tester.id}/resend_confirmation`), tester: tester.id };
      },
    },
  'POST /api/v2/betas/:beta_id/fraud/simulations': {
    async make(s) {
      // The simulation's row and its job, under the beta.
      const tester = await s.tester();
      return { method: 'POST', url: s.path('/fraud/simulations'), json: { settings: { fraud_mode: 'block' } }, tester: tester.id };
    },
  },
  'POST /api/v2/betas/:beta_id/bulk_actions': {
    async make(s) {
      // The top of the waitlist fixed at creation: the tester is among the action's items.
      const tester = await s.tester();
      return { method: 'POST', url: s.path('/bulk_actions'), json: { action: 'invite', top: 5 }, tester: tester.id };
    },
  },
  'POST /api/v2/betas/:beta_id/bulk_actions/:bulk_action_id/cancel': {
    async make(s) {
      await s.tester();
      const action = await s.call('POST', '/bulk_actions', { action: 'invite', top: 5 });
      return { method: 'POST', url: s.path(`/bulk_actions/${action.id}/cancel`) };
    },
  },
  'POST /api/v2/betas/:beta_id/testers/:tester_id/fraud_decision': {
    async make(s) {
      // A referral from the referrer's own device: flagged and held, to approve.
      const device = { ip: '203.0.113.31', user_agent: DESKTOP };
      const referrer = await s.tester({ profile: device });
      const flagged = await s.tester({ profile: device, referrer_id: referrer.referral_code });
      return { method: 'POST', url: s.path(`/testers/${flagged.id}/fraud_decision`), json: { decision: 'approve' }, tester: flagged.id };
    },
  },
  'POST /api/v2/betas/:beta_id/fraud_decisions': {
    async make(s) {
      // Rejected in bulk: each moves to rejected, as an update would.
      const device = { ip: '203.0.113.32', user_agent: DESKTOP };
      const referrer = await s.tester({ profile: device });
      const flagged = await s.tester({ profile: device, referrer_id: referrer.referral_code });
      return { method: 'POST', url: s.path('/fraud_decisions'), json: { decision: 'reject', tester_ids: [flagged.id] }, tester: flagged.id };
    },
  },
  'POST /api/v2/betas/:beta_id/fraud/cluster_decisions': {
    async make(s) {
      // A device cluster rejected whole: each member moves to rejected, as an update would. The
      // race deletes one flagged member; another stays for the decision to find.
      const device = { ip: '203.0.113.33', user_agent: DESKTOP };
      const referrer = await s.tester({ profile: device });
      await s.tester({ profile: device, referrer_id: referrer.referral_code });
      await s.tester({ profile: device, referrer_id: referrer.referral_code });
      const flagged = await s.tester({ profile: device, referrer_id: referrer.referral_code });
      return { method: 'POST', url: s.path('/fraud/cluster_decisions'), json: { by: 'device', key: `203.0.113.33 ${DESKTOP}`, decision: 'reject' }, tester: flagged.id };
    },
  },
  'POST /api/v2/betas/:beta_id/testers/:tester_id/checkin': {
    async make(s) {
      const tester = await s.tester({ status: 'invited' });
      return { method: 'POST', url: s.path(`/testers/${tester.id}/checkin`), tester: tester.id };
    },
  },
  'POST /api/v2/betas/:beta_id/checkins': {
    async make(s) {
      const tester = await s.tester();
      return { method: 'POST', url: s.path('/checkins'), json: { checkin: { email: tester.email } }, tester: tester.id };
    },
  },
  'POST /api/v1/betas/:beta_id/checkins': v1Checkin(''),
  'POST /api/v1/betas/:beta_id/checkins.xml': v1Checkin('.xml'),
  'POST /api/v2/betas/:beta_id/friend_invitations': {
    // The sender deleted meanwhile answers the interface's 2504: friend-invitations.test.ts races that.
    async make(s) {
      const sender = await s.tester({ status: 'active' });
      const json = { friend_invitation: { sender_email: sender.email, recipient_email: uniqueEmail('friend'), message: 'Join me' } };
      return { method: 'POST', url: s.path('/friend_invitations'), json };
    },
  },
  'POST /api/v2/betas/:beta_id/points': {
    async make(s) {
      const tester = await s.tester();
      return { method: 'POST', url: s.path('/points'), json: { email: tester.email, quantity: 5, reason: 'race' } };
    },
  },
  'DELETE /api/v2/betas/:beta_id/points/:point_id': {
    async make(s) {
      const tester = await s.tester();
      const point = await s.call('POST', '/points', { email: tester.email, quantity: 5, reason: 'race' });
      return { method: 'DELETE', url: s.path(`/points/${point.id}`), tester: tester.id };
    },
  },
  'POST /api/v2/betas/:beta_id/suppressions': {
    async make(s) {
      // Unsubscribe also unsubscribes the tester with the address.
      const tester = await s.tester();
      return { method: 'POST', url: s.path('/suppressions'), json: { email: tester.email, reason: 'Unsubscribe' } };
    },
  },
  'DELETE /api/v2/betas/:beta_id/suppressions/:suppression_id': {
    async make(s) {
      const suppression = await s.call('POST', '/suppressions', { email: uniqueEmail('suppressed') });
      return { method: 'DELETE', url: s.path(`/suppressions/${suppression.id}`) };
    },
  },
  'POST /api/v2/betas/:beta_id/reward_definitions': {
    make: async (s) => ({ method: 'POST', url: s.path('/reward_definitions'), json: { descriptor: s.unique('reward'), name: 'A reward', type: 'SingleSided' } }),
  },
  'PATCH /api/v2/betas/:beta_id/reward_definitions/:definition_id': {
    async make(s) {
      const definition = await s.definition();
      return { method: 'PATCH', url: s.path(`/reward_definitions/${definition.id}`), json: { name: 'Renamed', points: 3 } };
    },
  },
  'DELETE /api/v2/betas/:beta_id/reward_definitions/:definition_id': {
    async make(s) {
      const definition = await s.definition();
      return { method: 'DELETE', url: s.path(`/reward_definitions/${definition.id}`) };
    },
  },
  'POST /api/v2/betas/:beta_id/reward_rules': {
    async make(s) {
      const definition = await s.definition();
      return { method: 'POST', url: s.path('/reward_rules'), json: { event: s.unique('event'), descriptor: definition.descriptor } };
    },
  },
  'DELETE /api/v2/betas/:beta_id/reward_rules/:rule_id': {
    async make(s) {
      const rule = await s.rule((await s.definition()).descriptor);
      return { method: 'DELETE', url: s.path(`/reward_rules/${rule.id}`) };
    },
  },
  'POST /api/v2/betas/:beta_id/rewards': {
    async make(s) {
      const [tester, definition] = await Promise.all([s.tester(), s.definition()]);
      return { method: 'POST', url: s.path('/rewards'), json: { email: tester.email, descriptor: definition.descriptor } };
    },
  },
  'POST /api/v2/betas/:beta_id/rewards/trigger': {
    async make(s) {
      const [tester, definition] = await Promise.all([s.tester(), s.definition()]);
      const rule = await s.rule(definition.descriptor);
      return { method: 'POST', url: s.path('/rewards/trigger'), json: { email: tester.email, event: rule.event } };
    },
  },
  'PATCH /api/v2/betas/:beta_id/rewards/:reward_id': {
    async make(s) {
      // Revoking takes back the points that came with the reward.
      const [tester, definition] = await Promise.all([s.tester(), s.definition()]);
      const reward = await s.call('POST', '/rewards', { email: tester.email, descriptor: definition.descriptor });
      return { method: 'PATCH', url: s.path(`/rewards/${reward.id}`), json: { status: 'revoked' }, tester: tester.id };
    },
  },
  'POST /api/v2/betas/:beta_id/webhooks': {
    make: async (s) => ({ method: 'POST', url: s.path('/webhooks'), json: { url: 'http://127.0.0.1:9/hook', events: ['tester_created'] } }),
  },
  'PATCH /api/v2/betas/:beta_id/webhooks/:webhook_id': {
    async make(s) {
      const webhook = await s.webhook();
      return { method: 'PATCH', url: s.path(`/webhooks/${webhook.id}`), json: { events: ['*'], enabled: false } };
    },
  },
  'DELETE /api/v2/betas/:beta_id/webhooks/:webhook_id': {
    async make(s) {
      const webhook = await s.webhook();
      return { method: 'DELETE', url: s.path(`/webhooks/${webhook.id}`) };
    },
  },
  'POST /api/v2/betas/:beta_id/webhooks/:webhook_id/rotate_secret': {
    async make(s) {
      const webhook = await s.webhook();
      return { method: 'POST', url: s.path(`/webhooks/${webhook.id}/rotate_secret`) };
    },
  },
  'POST /api/v2/betas/:beta_id/webhooks/:webhook_id/deliveries/:delivery_id/redeliver': {
    async make(s) {
      const webhook = await s.webhook();
      await s.tester();
      while ((await s.ctx.runJobs()) > 0);
      const [delivery] = await s.call('GET', `/webhooks/${webhook.id}/deliveries`);
      return { method: 'POST', url: s.path(`/webhooks/${webhook.id}/deliveries/${delivery.id}/redeliver`) };
    },
  },
  'POST /api/v2/betas/:beta_id/webhooks/:webhook_id/test': {
    async make(s) {
      const webhook = await s.webhook();
      return { method: 'POST', url: s.path(`/webhooks/${webhook.id}/test`) };
    },
  },
  'POST /api/v2/betas/:beta_id/email_templates/:occasion/preview': {
    make: async (s) => ({ method: 'POST', url: s.path('/email_templates/invitation/preview'), json: { subject: 'Come in, {{ tester.email }}' } }),
  },
  'POST /api/v2/betas/:beta_id/email_templates/:occasion/test': {
    make: async (s) => ({ method: 'POST', url: s.path('/email_templates/invitation/test'), json: { to: uniqueEmail('test-send') } }),
  },
  'POST /api/v2/betas/:beta_id/email_sending/resume': {
    async make(s) {
      // A pause in force, for the resume to end while its beta goes.
      await s.ctx.database.db
        .insertInto('email_sending_pauses')
        .values({ beta_id: s.betaId, paused_at: '2026-11-22T12:00:00.000Z', reason: 'bounces', problems: 11, sends: 200 })
        .execute();
      return { method: 'POST', url: s.path('/email_sending/resume') };
    },
  },
  'PUT /api/v2/betas/:beta_id/email_templates/:occasion': {
    make: async (s) => ({ method: 'PUT', url: s.path('/email_templates/invitation'), json: { subject: 'Come in, {{ tester.email }}' } }),
  },
  'DELETE /api/v2/betas/:beta_id/email_templates/:occasion': {
    async make(s) {
      await s.call('PUT', '/email_templates/invitation', { subject: 'Come in' });
      return { method: 'DELETE', url: s.path('/email_templates/invitation') };
    },
  },
  ...designImageRaces('logo'),
  ...designImageRaces('hero'),
  'POST /api/v2/betas/:beta_id/page/preview': {
    make: async (s) => ({ method: 'POST', url: s.path('/page/preview'), json: { headline: 'Soon', brand_color: '#4f46e5' } }),
  },
  'POST /api/v2/betas/:beta_id/invitation_schedules': { make: async (s) => ({ method: 'POST', url: s.path('/invitation_schedules'), json: DAILY_WAVE }) },
  'POST /api/v2/betas/:beta_id/invitation_schedules/simulate': {
    make: async (s) => ({ method: 'POST', url: s.path('/invitation_schedules/simulate'), json: { schedules: [DAILY_WAVE], now: 1 } }),
  },
  'PATCH /api/v2/betas/:beta_id/invitation_schedules/:schedule_id': {
    async make(s) {
      const schedule = await s.call('POST', '/invitation_schedules', DAILY_WAVE);
      return { method: 'PATCH', url: s.path(`/invitation_schedules/${schedule.id}`), json: { paused: true } };
    },
  },
  'DELETE /api/v2/betas/:beta_id/invitation_schedules/:schedule_id': {
    async make(s) {
      const schedule = await s.call('POST', '/invitation_schedules', DAILY_WAVE);
      return { method: 'DELETE', url: s.path(`/invitation_schedules/${schedule.id}`) };
    },
  },
  'POST /r/:code': {
    async make(s) {
      const tester = await s.tester();
      return { method: 'POST', url: `/r/${tester.referral_code}?check=${tester.uuid}`, form: 'leaderboard_name=Ann', visitor: true, tester: tester.id };
    },
  },
  'POST /b/:beta': {
    make: async (s) => ({ method: 'POST', url: `/b/${s.betaId}`, form: `email=${encodeURIComponent(uniqueEmail('page'))}`, visitor: true }),
  },
  'GET /b/:beta': { make: async (s) => ({ method: 'GET', url: `/b/${s.betaId}`, visitor: true }) },
  'GET /public/betas/:beta/form': { make: async (s) => ({ method: 'GET', url: `/public/betas/${s.betaId}/form`, visitor: true }) },
  'POST /public/betas/:beta/signups': {
    make: async (s) => ({ method: 'POST', url: `/public/betas/${s.betaId}/signups`, json: { email: uniqueEmail('embed') }, visitor: true }),
  },
  'POST /public/betas/:beta/clicks': {
    settings: { referral_url: 'https://example.com/invite' },
    async make(s) {
      const tester = await s.tester();
      return { method: 'POST', url: `/public/betas/${s.betaId}/clicks`, json: { r: tester.referral_code }, visitor: true, tester: tester.id };
    },
  },
  'GET /r/:code': {
    async make(s) {
      const tester = await s.tester();
      return { method: 'GET', url: `/r/${tester.referral_code}`, visitor: true, tester: tester.id };
    },
  },
  'POST /unsubscribe/:token': {
    async make(s) {
      const tester = await s.tester({ status: 'invited' });
      const token = await s.token('email_messages', 'unsubscribe_token', tester.id);
      return { method: 'POST', url: `/unsubscribe/${token}`, form: 'List-Unsubscribe=One-Click', visitor: true, tester: tester.id };
    },
  },
  'POST /confirm/:token': {
    settings: DOUBLE_OPT_IN,
    async make(s) {
      const { tester, token } = await unconfirmed(s);
      return { method: 'POST', url: `/confirm/${token}`, visitor: true, tester: tester.id };
    },
  },
  'POST /confirm/:token/resend': {
    settings: DOUBLE_OPT_IN,
    async make(s) {
      const { tester, token } = await unconfirmed(s);
      return { method: 'POST', url: `/confirm/${token}/resend`, visitor: true, tester: tester.id };
    },
  },
  'POST /confirm/resend': {
    settings: DOUBLE_OPT_IN,
    async make(s) {
      const { tester } = await unconfirmed(s);
      return { method: 'POST', url: '/confirm/resend', form: `email=${encodeURIComponent(tester.email)}`, visitor: true, tester: tester.id };
    },
  },
};

function send(ctx: TestContext, sent: Sent): Promise<TestResponse> {
  if (sent.visitor) return visit(ctx, sent.method, sent.url, { form: sent.form, json: sent.json });
  const headers = sent.raw && { 'content-type': sent.raw.type };
  return ctx.request(sent.method, sent.url, { body: sent.raw?.body ?? sent.json, form: sent.form, headers });
}

/** A few turns of the event loop, up to `most`: where a request starts against the other. */
async function someTurns(most: number): Promise<void> {
  for (let turns = Math.floor(Math.random() * (most + 1)); turns > 0; turns--) await nextTurn();
}

/**
 * Columns that name a beta or a tester; tester_changes and tester_rollup_changes are queues of
 * changes, deletions included (the rollups' fold drops those of a beta gone), and a max_tester_id
 * bounds a selection's ids (the highest when it was made), naming nobody.
 */
function parentOf(table: string, column: string): 'betas' | 'testers' | null {
  if (table === 'tester_changes' || table === 'tester_rollup_changes' || column === 'max_tester_id') return null;
  if (column === 'beta_id') return 'betas';
  if (/(^|_)tester_id$|^(inviter|invitee|referrer)_id$/.test(column)) return 'testers';
  return null;
}

/** A query counting, for every column naming a beta or a tester, the rows that name one no longer there. */
async function orphanCounter(db: Kysely<any>): Promise<() => Promise<Record<string, number>>> {
  const counts: string[] = [];
  for (const table of await db.introspection.getTables()) {
    for (const column of table.columns) {
      const parent = parentOf(table.name, column.name);
      if (!parent) continue;
      counts.push(
        `(select count(*) from "${table.name}" t where t."${column.name}" is not null ` +
          `and not exists (select 1 from ${parent} p where p.id = t."${column.name}")) as "${table.name}.${column.name}"`,
      );
    }
  }
  const query = sql.raw<Record<string, number | string>>(`select ${counts.join(', ')}`);
  return async () => {
    const row = (await query.execute(db)).rows[0];
    return Object.fromEntries(Object.entries(row).map(([column, n]) => [column, Number(n)]).filter(([, n]) => n !== 0));
  };
}

describe('writes racing the DELETE of their beta or tester', () => {
  let ctx: TestContext;
  let orphans: () => Promise<Record<string, number>>;
  before(async () => {
    ctx = await startTestContext({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    orphans = await orphanCounter(ctx.database.db as unknown as Kysely<any>);
  });
  after(() => ctx.close());

  test('every write route of the route table has a race, or a reason it has none', () => {
    const writes = registeredRoutes(ctx.app)
      .filter((route) => WRITES.has(route.method))
      .map((route) => `${route.method} ${route.path}`);
    assert.deepEqual(writes.filter((route) => !RACES[route] && !UNRACED[route]), [], 'add each to RACES (or UNRACED, with the reason)');
    const known = new Set([...writes, ...WRITING_READS]);
    assert.deepEqual(Object.keys(RACES).filter((route) => !known.has(route)), [], 'races of routes that no longer exist');
  });

  for (const [route, race] of Object.entries(RACES)) {
    test(`${route}: 2xx or 404, the DELETE done, no orphan rows`, async (t) => {
      const problems: string[] = [];
      const outcomes: Record<string, number> = {};
      const retriedBefore = transactionRetries(ctx.database.db);
      for (let round = 0; round < ROUNDS; round++) {
        const beta = await ctx.createBeta({ invite_a_friend_enabled: true, friend_invitations_allowed: 100, ...race.settings }, 'Race');
        const scene = new Scene(ctx, beta.id);
        const sent = await race.make(scene);
        // With a tester, every other round deletes the tester instead of its beta.
        const deleting = sent.tester !== undefined && round % 2 === 1 ? scene.path(`/testers/${sent.tester}`) : scene.path();
        const [answer, deletion] = await Promise.all([
          someTurns(8).then(() => send(ctx, sent)),
          someTurns(8).then(() => ctx.request('DELETE', deleting)),
        ]);
        const label = `round ${round} (DELETE ${deleting.replace(/^\/api\/v2/, '')})`;
        outcomes[`${answer.status}`] = (outcomes[`${answer.status}`] ?? 0) + 1;
        if (!(answer.status < 400 || answer.status === 404)) problems.push(`${label}: answered ${answer.status} ${answer.raw.body.slice(0, 200)}`);
        // Two DELETEs of one thing: the one that comes second finds it gone.
        const same = sent.method === 'DELETE' && sent.url === deleting;
        if (!(deletion.status === 200 || (same && deletion.status === 404 && answer.status === 200))) {
          problems.push(`${label}: the DELETE answered ${deletion.status} ${deletion.raw.body.slice(0, 200)}`);
        }
      }
      const retried = transactionRetries(ctx.database.db);
      const retries = Object.fromEntries(Object.entries(retried).map(([reason, n]) => [reason, n - retriedBefore[reason as RetryReason]]));
      t.diagnostic(`${ROUNDS} rounds, answers ${JSON.stringify(outcomes)}, transactions retried ${JSON.stringify(retries)}`);
      assert.deepEqual(problems, []);
      assert.equal(retries.deadlock, 0, 'two commands took their locks in different orders (docs/architecture.md, "Lock order")');
      assert.deepEqual(await orphans(), {}, 'rows naming a beta or tester that is gone');
    });
  }
});

/** A write on the person, or on a tester linked to them, raced against the person's erasure. */
const ERASE_RACES: Record<string, (s: Scene, person: any) => Promise<Sent>> = {
  'DELETE the person': async (s, person) => ({ method: 'DELETE', url: s.path(`/testers/${person.id}`) }),
  'checkin of the person': async (s, person) => ({ method: 'POST', url: s.path(`/testers/${person.id}/checkin`) }),
  'checkin by e-mail of the person': async (s, person) => ({ method: 'POST', url: s.path('/checkins'), json: { checkin: { email: person.email } } }),
  // Checking in joins an imported friend, which credits its referral to the person.
  'checkin of a friend they referred': async (s, person) => {
    const friend = await s.tester({ status: 'imported', referrer_id: person.referral_code });
    return { method: 'POST', url: s.path(`/testers/${friend.id}/checkin`) };
  },
  'update of the person': async (s, person) => ({
    method: 'PUT',
    url: s.path(`/testers/${person.id}`),
    json: { tester: { status: 'invited', profile: { first_name: 'Ann' } } },
  }),
  'signup naming the person as referrer by code': async (s, person) => ({
    method: 'POST',
    url: s.path('/testers'),
    json: { tester: { email: uniqueEmail('race'), referrer_id: person.referral_code } },
  }),
  'signup naming the person as referrer by e-mail': async (s, person) => ({
    method: 'POST',
    url: s.path('/testers'),
    json: { tester: { email: uniqueEmail('race'), referrer_id: person.email } },
  }),
};

describe("writes racing a person's erasure", () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  for (const [name, make] of Object.entries(ERASE_RACES)) {
    test(`${name}: 2xx or 404, the erasure done, no deadlock`, async (t) => {
      const problems: string[] = [];
      const retriedBefore = transactionRetries(ctx.database.db);
      for (let round = 0; round < ROUNDS * 2; round++) {
        const beta = await ctx.createBeta({}, 'Erase race');
        const scene = new Scene(ctx, beta.id);
        const person = await scene.tester({ profile: { first_name: 'Zed' } });
        await scene.tester({ referrer_id: person.referral_code });
        const sent = await make(scene, person);
        const [answer, erasure] = await Promise.all([
          someTurns(8).then(() => send(ctx, sent)),
          someTurns(8).then(() => ctx.request('POST', scene.path(`/testers/${person.id}/erase`))),
        ]);
        if (!(answer.status < 400 || answer.status === 404)) problems.push(`round ${round}: answered ${answer.status} ${answer.raw.body.slice(0, 200)}`);
        const deleted = sent.method === 'DELETE' && answer.status === 200;
        if (!(erasure.status === 200 || (deleted && erasure.status === 404))) {
          problems.push(`round ${round}: the erasure answered ${erasure.status} ${erasure.raw.body.slice(0, 200)}`);
        }
        const row = await ctx.database.db.selectFrom('testers').select(['email', 'erased_at']).where('id', '=', person.id).executeTakeFirst();
        if (row && (row.erased_at === null || row.email === person.email)) problems.push(`round ${round}: the person is not erased: ${JSON.stringify(row)}`);
      }
      const retried = transactionRetries(ctx.database.db);
      const retries = Object.fromEntries(Object.entries(retried).map(([reason, n]) => [reason, n - retriedBefore[reason as RetryReason]]));
      t.diagnostic(`${ROUNDS * 2} rounds, transactions retried ${JSON.stringify(retries)}`);
      assert.deepEqual(problems, []);
      assert.equal(retries.deadlock, 0, 'two commands took their locks in different orders (docs/architecture.md, "Lock order")');
    });
  }
});
