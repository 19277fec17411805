// A beta with one of everything the API addresses by id (a question, an invitation code, testers,
// a point, a suppression, a reward definition, rule and reward, a webhook with a delivery, an
// e-mail message), made through the API with a company's key, and the ids that name them. What a
// DELETE removes is made again, in the same beta, before the next request needs it.
import fc from 'fast-check';
import type { TestContext } from '../context.ts';
import type { Hints } from './schema-values.ts';

export interface Fixture {
  /**
   * The id map: the id of what each path parameter names, by the parameter's name. A route whose
   * path names a parameter missing here (and from `names`) cannot be tested across companies: add
   * it, and make the fixture hold what it names.
   */
  ids: Record<string, string>;
  /** Path parameters that name no stored row (an e-mail occasion): any beta has them. */
  names: Record<string, string>;
  /** E-mail addresses of the beta's testers. */
  emails: string[];
  referralCode: string;
  descriptor: string;
  event: string;
  invitationCode: string;
  /** False once a DELETE took more than the one row it named (see REMAKE). */
  complete: boolean;
}

let made = 0;

type Call = (method: string, path: string, body?: unknown) => Promise<any>;

/** The fixture's beta, its key's requests, and a tag that makes names unique. */
interface Maker {
  ctx: TestContext;
  call: Call;
  base: string;
  tag: string;
}

function maker(ctx: TestContext, key: string, betaId?: string): Maker {
  made += 1;
  const call: Call = async (method, path, body) => {
    const response = await ctx.request(method, path, { body, key });
    if (response.status >= 300) throw new Error(`fixture: ${method} ${path} answered ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };
  return { ctx, call, base: `/api/v2/betas/${betaId}`, tag: `f${made}` };
}

/**
 * Runs the jobs queued by the fixture's requests: a webhook's delivery fails at once (a closed port
 * on 127.0.0.1: the context must allow private targets), an invitation is rendered. Jobs queued by
 * earlier requests are dropped first: they would deliver to whatever URLs those made up.
 */
async function runOwnJobs({ ctx }: Maker, request: () => Promise<void>): Promise<void> {
  await ctx.database.db.deleteFrom('outbox_jobs').execute();
  await request();
  while ((await ctx.runJobs()) > 0);
}

type Part = Partial<Fixture> & { ids: Record<string, string> };

/** A webhook endpoint with one delivery in its log (of a tester it saw created). */
async function webhookPart(m: Maker): Promise<Part> {
  const webhook = await m.call('POST', `${m.base}/webhooks`, WEBHOOK);
  await runOwnJobs(m, () => m.call('POST', `${m.base}/testers`, { tester: { email: `hooked-${m.tag}@example.com` } }));
  const [delivery] = await m.call('GET', `${m.base}/webhooks/${webhook.id}/deliveries`);
  return { ids: { webhook_id: String(webhook.id), delivery_id: String(delivery.id) } };
}

/** A dry run of a one-line file (queued: it stores no tester whether or not it runs). */
async function importPart(m: Maker, key: string): Promise<Part> {
  const response = await m.ctx.request('POST', `${m.base}/imports?dry_run=true`, {
    body: `email\nimported-${m.tag}@example.com\n`,
    headers: { 'content-type': 'text/csv' },
    key,
  });
  if (response.status !== 202) throw new Error(`fixture: POST imports answered ${response.status} ${JSON.stringify(response.body)}`);
  return { ids: { import_id: String(response.body.id) } };
}

/** A bulk action inviting the first of the waitlist (queued: its job is dropped with the fixture's others). */
async function bulkActionPart(m: Maker): Promise<Part> {
  const action = await m.call('POST', `${m.base}/bulk_actions`, { action: 'invite', top: 1 });
  return { ids: { bulk_action_id: String(action.id) } };
}

/** An invitation schedule: the top of the waitlist every Monday (far from due on the test clock's day). */
async function schedulePart(m: Maker): Promise<Part> {
  const schedule = await m.call('POST', `${m.base}/invitation_schedules`, { kind: 'top', count: 1, every: 'week', weekday: 'monday', at: '10:00', time_zone: 'Europe/Paris' });
  return { ids: { schedule_id: String(schedule.id) } };
}

/** A fraud simulation (queued: it changes nothing whether or not it runs). */
async function fraudSimulationPart(m: Maker): Promise<Part> {
  const simulation = await m.call('POST', `${m.base}/fraud/simulations`, { settings: { fraud_mode: 'block' } });
  return { ids: { simulation_id: String(simulation.id) } };
}

/** A reward definition, a rule for a custom event, and the reward issued to `email`. */
async function rewardPart(m: Maker, email: string): Promise<Part> {
  const descriptor = `reward_${m.tag}`;
  const event = `event_${m.tag}`;
  const definition = await m.call('POST', `${m.base}/reward_definitions`, { descriptor, name: 'A reward', type: 'SingleSided', max_quantity_per_user: 1000 });
  const rule = await m.call('POST', `${m.base}/reward_rules`, { event, descriptor });
  const reward = await m.call('POST', `${m.base}/rewards`, { email, descriptor });
  return { ids: { definition_id: String(definition.id), rule_id: String(rule.id), reward_id: String(reward.id) }, descriptor, event };
}

/** A tester, one referred by them, their point and a reward of `descriptor`. */
async function testerPart(m: Maker, descriptor: string): Promise<Part> {
  const first = await m.call('POST', `${m.base}/testers`, { tester: { email: `first-${m.tag}@example.com` } });
  const second = await m.call('POST', `${m.base}/testers`, { tester: { email: `second-${m.tag}@example.com`, referrer_id: first.referral_code } });
  const point = await m.call('POST', `${m.base}/points`, { email: first.email, quantity: 5, reason: 'fixture' });
  const reward = await m.call('POST', `${m.base}/rewards`, { email: first.email, descriptor });
  return {
    ids: { tester_id: String(first.id), point_id: String(point.id), reward_id: String(reward.id) },
    emails: [first.email, second.email],
    referralCode: first.referral_code,
  };
}

function merged(fixture: Fixture, part: Part): Fixture {
  return { ...fixture, ...part, ids: { ...fixture.ids, ...part.ids }, emails: [...new Set([...(part.emails ?? []), ...fixture.emails])] };
}

/**
 * What a DELETE removes, by the path parameter naming it, and how to make another at once: alone
 * for most; a beta, tester, reward definition or webhook is made bare (what went with it is not
 * made again) and the fixture is left incomplete, to be made anew before another operation runs.
 */
const REMAKE: Record<string, (m: Maker, fixture: Fixture) => Promise<Part>> = {
  question_id: async (m) => ({ ids: { question_id: String((await m.call('POST', `${m.base}/questions`, { kind: 'text', prompt: 'Why?' })).id) } }),
  code_id: async (m) => {
    const code = await m.call('POST', `${m.base}/invitation_codes`, { code: `CODE-${m.tag}`.toUpperCase(), max_uses: 1000 });
    return { ids: { code_id: String(code.id) }, invitationCode: code.code };
  },
  suppression_id: async (m) => ({ ids: { suppression_id: String((await m.call('POST', `${m.base}/suppressions`, { email: `suppressed-${m.tag}@example.com` })).id) } }),
  rule_id: async (m, fixture) => {
    const event = `event_${m.tag}`;
    return { ids: { rule_id: String((await m.call('POST', `${m.base}/reward_rules`, { event, descriptor: fixture.descriptor })).id) }, event };
  },
  point_id: async () => ({ ids: {} }), // revoked, it stays listed
  schedule_id: schedulePart,
  beta_id: async (m) => ({ ids: { beta_id: String((await m.call('POST', '/api/v2/betas', BETA)).id) }, complete: false }),
  tester_id: async (m) => {
    const tester = await m.call('POST', `${m.base}/testers`, { tester: { email: `first-${m.tag}@example.com` } });
    return { ids: { tester_id: String(tester.id) }, emails: [tester.email], complete: false };
  },
  definition_id: async (m) => {
    const descriptor = `reward_${m.tag}`;
    const definition = await m.call('POST', `${m.base}/reward_definitions`, { descriptor, name: 'A reward', type: 'SingleSided' });
    return { ids: { definition_id: String(definition.id) }, descriptor, complete: false };
  },
  member_id: async (m) => {
    const member = await m.call('POST', '/api/v2/members', { email: `member-${m.tag}@example.com`, role: 'viewer', password: 'a long enough password' });
    return { ids: { member_id: String(member.id) } };
  },
  webhook_id: async (m) => ({ ids: { webhook_id: String((await m.call('POST', `${m.base}/webhooks`, WEBHOOK)).id) }, complete: false }),
};

/**
 * The fixture after a DELETE of what `parameter` names in it succeeded: with another one of it, or
 * made anew when the beta no longer lets that be made (its settings changed by an earlier request).
 */
export async function fixtureAfterDeletion(ctx: TestContext, fixture: Fixture, parameter: string, key: string = ctx.apiKey): Promise<Fixture> {
  const remake = REMAKE[parameter];
  if (!remake) throw new Error(`fixture: nothing makes another ${parameter} after a DELETE: add it to REMAKE`);
  try {
    return merged(fixture, await remake(maker(ctx, key, fixture.ids.beta_id), fixture));
  } catch {
    return makeFixture(ctx, key);
  }
}

const BETA = { name: 'Fixture', homepage_url: 'https://example.com/fixture', settings: { invite_a_friend_enabled: true, friend_invitations_allowed: 100_000 } };
// Port 9 (discard): nothing listens on it here, so a delivery fails at once.
const WEBHOOK = { url: 'http://127.0.0.1:9/hook', events: ['tester_created'] };

/** Makes the fixture in a new beta of the key's company. */
export async function makeFixture(ctx: TestContext, key: string = ctx.apiKey): Promise<Fixture> {
  const m = maker(ctx, key);
  const beta = await m.call('POST', '/api/v2/betas', BETA);
  m.base = `/api/v2/betas/${beta.id}`;
  let fixture: Fixture = {
    ids: { beta_id: String(beta.id) },
    names: { occasion: 'invitation' },
    emails: [],
    referralCode: '',
    descriptor: '',
    event: '',
    invitationCode: '',
    complete: true,
  };
  for (const parameter of ['question_id', 'code_id', 'suppression_id', 'member_id']) fixture = merged(fixture, await REMAKE[parameter](m, fixture));
  // A key of the company, not the one the fixture is made with: revoking it leaves that one working.
  fixture = merged(fixture, { ids: { api_key_id: String((await m.call('POST', '/api/v2/api_keys', { name: `Key ${m.tag}` })).id) } });
  fixture = merged(fixture, await webhookPart(m));
  fixture = merged(fixture, await rewardPart(m, (await m.call('POST', `${m.base}/testers`, { tester: { email: `rewarded-${m.tag}@example.com` } })).email));
  fixture = merged(fixture, await testerPart(m, fixture.descriptor));
  fixture = merged(fixture, await importPart(m, key));
  fixture = merged(fixture, await bulkActionPart(m));
  fixture = merged(fixture, await schedulePart(m));
  fixture = merged(fixture, await fraudSimulationPart(m));
  let invited: { email: string } | undefined;
  await runOwnJobs(m, async () => {
    invited = await m.call('POST', `${m.base}/testers`, { tester: { email: `invited-${m.tag}@example.com`, status: 'invited' } });
  });
  const [message] = await m.call('GET', `${m.base}/emails`);
  return merged(fixture, { ids: { email_id: String(message.id) }, emails: [invited!.email] });
}

/** Realistic values for body and query fields, by name, so that valid requests reach deep. */
export function fixtureHints(fixture: Fixture): Hints {
  // The fixture's testers' addresses, or new ones.
  const email = fc.oneof(
    { arbitrary: fc.constantFrom(...fixture.emails, ...fixture.emails.map((address) => address.toUpperCase())), weight: 3 },
    { arbitrary: fc.nat().map((n) => `new-${n}@example.com`), weight: 2 },
    { arbitrary: fc.emailAddress(), weight: 1 },
  );
  const tester = fc.constantFrom(fixture.ids.tester_id, fixture.referralCode, ...fixture.emails);
  return {
    email,
    email_is: email,
    email_contains: fc.constantFrom('first', 'example', '@'),
    sender_email: email,
    recipient_email: email,
    referrer_id: tester,
    referral_code: fc.constant(fixture.referralCode),
    invitation_code: fc.constant(fixture.invitationCode),
    descriptor: fc.constant(fixture.descriptor),
    event: fc.constantFrom(fixture.event, 'signup'),
    question_id: fc.constant(Number(fixture.ids.question_id)),
    url: fc.constantFrom('https://example.com/hook', 'http://127.0.0.1:9/hook'),
    homepage_url: fc.constantFrom('https://example.com/', 'http://example.com/a?b=c'),
    events: fc.constantFrom(['*'], ['tester_created', 'reward_earned']),
    status: fc.constantFrom('delivered', 'revoked', 'earned'),
    reason: fc.constantFrom('Manual', 'Unsubscribe', 'HardBounce', 'fixture'),
    quantity: fc.integer({ min: -50, max: 50 }),
    ip: fc.ipV4(),
    country: fc.constantFrom('US', 'de', 'XX'),
    telephone: fc.constantFrom('+14155550123', '030 1234567'),
    locale: fc.constantFrom('en-US', 'de', 'x-invalid-'),
  };
}
