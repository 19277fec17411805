// A campaign as it looks six weeks in, for the console's screenshots and `npm run demo`: a beta
// whose signups grew slowly, spiked on launch day and tailed off; a third of them referred, most
// by a few champions who shared widely; testers from a dozen countries and a handful of sources; a
// few flagged signups (throwaway domains, aliases, one network signing up many); two referral
// milestones earned by the champions; the top of the waitlist invited and some of them active; two
// webhook endpoints, one of them failing now and then. Everything goes through the API and the
// share links, the test clock moved day by day, so each count is what the service itself
// recorded. Deterministic: the same seed gives the same campaign.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestContext } from '../test/support/context.ts';
import { visit } from '../test/public/support.ts';

const DAYS = 42;
/** Launch day, counted from the first: the day the campaign was announced. */
const LAUNCH_DAY = 29;
const FIRST_NAMES = ['Ada', 'Ben', 'Chiara', 'Dev', 'Elif', 'Farah', 'Gus', 'Hana', 'Ivo', 'Jun', 'Kemi', 'Luca', 'Maya', 'Noor', 'Oskar', 'Priya', 'Quinn', 'Rafa', 'Sora', 'Tomas', 'Uma', 'Vera', 'Wen', 'Yara', 'Zeno'];
const LAST_NAMES = ['Okafor', 'Lindqvist', 'Moreau', 'Tanaka', 'Silva', 'Novak', 'Haddad', 'Keller', 'Rossi', 'Nguyen', 'Patel', 'Kowalski', 'Byrne', 'Duarte', 'Ivanova', 'Schmidt', 'Cohen', 'Adeyemi'];
const COUNTRIES: Array<[string, number]> = [['US', 30], ['GB', 12], ['DE', 10], ['IN', 9], ['CA', 7], ['FR', 6], ['BR', 6], ['AU', 5], ['NL', 4], ['JP', 4], ['ES', 3], ['SE', 2], ['NZ', 2]];
const SOURCES: Array<[string | null, number]> = [['twitter', 26], ['newsletter', 18], ['producthunt', 14], ['linkedin', 9], ['reddit', 8], ['google', 7], [null, 18]];

/** A small deterministic generator (mulberry32): the campaign is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Signups on day `day`: a slow start, the launch-day spike, then a tail. */
function signupsOn(day: number, scale: number): number {
  const base = day < LAUNCH_DAY ? 12 + day * 1.5 : 60 + 340 * Math.exp(-(day - LAUNCH_DAY) / 2.2);
  return Math.round(base * scale);
}

export interface LaunchCampaign {
  beta: { id: number; name: string };
  /** The champion with the most referrals: the tester page's subject. */
  champion: { id: number; email: string };
  /** The endpoint whose deliveries sometimes fail: the webhook log's subject. */
  failingEndpoint: { id: number };
  testers: number;
  close(): Promise<void>;
}

/**
 * Seeds the campaign in `ctx`'s company, ending with the context's clock at the campaign's
 * "now". `scale` multiplies each day's signups (1: about 2,300 testers; 0.5 about 1,100).
 */
export async function seedLaunch(ctx: TestContext, { scale = 1, seed = 42 } = {}): Promise<LaunchCampaign> {
  const next = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const weighted = <T>(items: Array<[T, number]>) => {
    let roll = next() * items.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [item, weight] of items) if ((roll -= weight) < 0) return item;
    return items[0]![0];
  };
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await ctx.request(method, path, { body });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };

  // The receiver: the analytics hook always takes the delivery; the CRM sync was down for three
  // days after the launch, and fails one delivery in eight otherwise.
  const end = ctx.clock.now();
  const start = end.getTime() - DAYS * 86_400_000;
  const outage = [start + (LAUNCH_DAY + 3) * 86_400_000, start + (LAUNCH_DAY + 6) * 86_400_000];
  let received = 0;
  const receiver: Server = createServer((request, response) => {
    received += 1;
    const now = ctx.clock.now().getTime();
    const down = request.url === '/crm-sync' && ((now >= outage[0]! && now < outage[1]!) || received % 8 === 0);
    response.statusCode = down ? 503 : 200;
    response.end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  ctx.clock.set(new Date(start));

  const beta = await api('POST', '/api/v2/betas', {
    name: 'Nimbus',
    slug: 'nimbus',
    homepage_url: `${ctx.config.publicUrl}/b/nimbus`,
    settings: { referral_points: 5, signup_points: 1, invite_a_friend_enabled: true },
  });
  const base = `/api/v2/betas/${beta.id}`;
  const question = await api('POST', `${base}/questions`, { kind: 'multiple_choice', prompt: 'What will you use Nimbus for?', choices: ['Side projects', 'At work', 'Teaching'] });
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  await api('POST', `${base}/webhooks`, { url: `${receiverUrl}/analytics` });
  const failing = await api('POST', `${base}/webhooks`, { url: `${receiverUrl}/crm-sync` });
  // The rewards a champion works towards: a ladder of referral milestones.
  await api('POST', `${base}/reward_definitions`, { descriptor: 'early-access', name: 'Early access', type: 'Milestone', referrals_required: 3, points: 10 });
  await api('POST', `${base}/reward_definitions`, { descriptor: 'founder-pricing', name: 'Founding member pricing', type: 'Milestone', referrals_required: 10, points: 25 });

  const joined: Array<{ id: number; email: string; referral_code: string }> = [];
  const champions: typeof joined = [];
  const referrals = new Map<number, number>();
  let serial = 0;
  for (let day = 0; day < DAYS; day++) {
    const count = signupsOn(day, scale);
    for (let i = 0; i < count; i++) {
      ctx.clock.advance(Math.floor(86_400_000 / (count + 1)));
      serial += 1;
      const [first, last] = [pick(FIRST_NAMES), pick(LAST_NAMES)];
      let domain = pick(['gmail.com', 'outlook.com', 'proton.me', 'icloud.com', 'fastmail.com', 'yahoo.com']);
      let ip = `198.51.${Math.floor(serial / 250)}.${serial % 250}`;
      // A few bad actors: throwaway domains, and one network signing up many.
      if (next() < 0.012) domain = 'mailinator.com';
      if (day === LAUNCH_DAY + 1 && i < 8) ip = '203.0.113.66';
      // A third are referred, most of them by the champions who share widely.
      const referred = joined.length > 20 && next() < (day >= LAUNCH_DAY ? 0.4 : 0.25);
      const referrer = referred ? (champions.length && next() < 0.6 ? pick(champions) : pick(joined)) : undefined;
      const source = referrer ? null : weighted(SOURCES);
      const tester = await api('POST', `${base}/testers`, {
        tester: {
          email: `${first}.${last}.${serial}@${domain}`.toLowerCase(),
          referrer_id: referrer?.referral_code,
          profile: { first_name: first, last_name: last, country: weighted(COUNTRIES), ip, ...(source ? { utm_source: source } : {}) },
          responses: { response: [{ question_id: question.id, answer: String(Math.floor(next() * 3)) }] },
        },
      });
      joined.push(tester);
      if (referrer) {
        referrals.set(referrer.id, (referrals.get(referrer.id) ?? 0) + 1);
        // The referrer's link was opened by two or three people (each on a network of their own) for each who joined.
        for (let click = 0; click < 2 + (serial % 2); click++) {
          const network = `${20 + ((serial * 7 + click) % 180)}.${(serial * 13 + click * 31) % 250}.${click}`;
          await visit(ctx, 'GET', `/r/${referrer.referral_code}`, { headers: { 'x-forwarded-for': `${network}.7` } });
        }
      }
      if (joined.length <= 400 && joined.length % 40 === 0) champions.push(tester);
    }
    while ((await ctx.runJobs()) > 0);
  }
  ctx.clock.set(end);

  // The top of the waitlist invited, the earliest of them active.
  const top = [...(await api('GET', `${base}/testers?per_page=100&page=1`)), ...(await api('GET', `${base}/testers?per_page=50&page=3`))];
  for (const [index, tester] of top.entries()) {
    await api('PUT', `${base}/testers/${tester.id}`, { tester: { status: 'invited' } });
    if (index < 60) await api('PUT', `${base}/testers/${tester.id}`, { tester: { status: 'active' } });
  }
  while ((await ctx.runJobs()) > 0);

  const [championId] = [...referrals.entries()].sort((a, b) => b[1] - a[1])[0]!;
  const champion = joined.find((tester) => tester.id === championId)!;
  return {
    beta,
    champion: { id: champion.id, email: champion.email },
    failingEndpoint: { id: failing.id },
    testers: joined.length,
    close: () => new Promise<void>((resolve) => receiver.close(() => resolve())),
  };
}
