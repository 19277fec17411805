import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { PROFILE_FIELDS, TESTER_FIELDS, assertCountersExact, codes, createTester, storedBeta, storedTester, testerCount, uniqueEmail } from './support.ts';
import { Errors } from '../../../src/primitives/errors.ts';

describe('create tester', () => {
  let ctx: TestContext;
  before(async () => {
    // This file checks geolocation through the API, so it loads the bundled IP database.
    ctx = await startTestContext({ env: { GEOIP_DATABASE_PATH: '' } });
  });
  after(() => ctx.close());

  test('201 with every field of the tester and of its profile, null where unset', async () => {
    const beta = await ctx.createBeta();
    const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers.json`, {
      body: { tester: { email: 'Jane.Doe@Example.com', groups: 'vip, beta ,vip', profile: { first_name: 'Jane', custom_var1: 'plan-a' } } },
    });
    assert.equal(response.status, 201);
    const tester = response.body;
    assert.deepEqual(Object.keys(tester).filter((k) => k !== 'responses').sort(), TESTER_FIELDS);
    assert.deepEqual(Object.keys(tester.profile).sort(), PROFILE_FIELDS);
    assert.deepEqual(tester.responses, []);
    assert.equal(tester.email, 'Jane.Doe@Example.com');
    assert.equal(tester.status, 'applied');
    assert.equal(tester.applied_at, '2026-11-22T09:15:00Z');
    assert.equal(tester.invited_at, null);
    assert.equal(tester.joined_at, null);
    assert.equal(tester.imported_at, null);
    assert.equal(tester.unsubscribed_at, null);
    assert.equal(tester.invitation_code, '');
    assert.equal(tester.groups, 'vip,beta');
    assert.match(tester.referral_code, /^[A-Za-z0-9]{5}$/);
    assert.equal(tester.share_link, `https://prelaunch.test/r/${tester.referral_code}`);
    assert.equal(tester.share_status_link, `https://prelaunch.test/r/${tester.referral_code}?check=${tester.uuid}`);
    assert.equal(tester.friend_invitations_allowed, 5);
    assert.equal(tester.friend_invitations_remaining, 5);
    assert.equal(tester.referred_by, null);
    assert.deepEqual(
      [tester.waitlist_position, tester.waitlist_ahead, tester.waitlist_behind, tester.waitlist_length],
      [1, 0, 0, 1],
    );
    assert.equal(tester.profile.first_name, 'Jane');
    assert.equal(tester.profile.custom_var1, 'plan-a');
    assert.equal(tester.profile.last_name, null);
    const stored = await storedTester(ctx, tester.id);
    assert.equal(stored?.email_normalized, 'jane.doe@example.com');
    assert.equal(stored?.beta_id, beta.id);
    const counters = await storedBeta(ctx, beta.id);
    assert.equal(counters.testers_count, 1);
    assert.equal(counters.applied_testers_count, 1);
  });

  test('a signup answers the waitlist as the signup left it, on the waitlist or off it', async () => {
    const beta = await ctx.createBeta();
    const signUp = async (status: string) => {
      const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: uniqueEmail(), status } } });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      const { waitlist_position, waitlist_ahead, waitlist_behind, waitlist_length } = response.body;
      return [waitlist_position, waitlist_ahead, waitlist_behind, waitlist_length];
    };
    assert.deepEqual(await signUp('applied'), [1, 0, 0, 1]);
    assert.deepEqual(await signUp('applied'), [2, 1, 0, 2]);
    assert.deepEqual(await signUp('active'), [null, null, null, 2]);
    assert.deepEqual(await signUp('applied'), [3, 2, 0, 3]);
    assert.deepEqual(await signUp('invited'), [null, null, null, 3]);
    assert.equal((await storedBeta(ctx, beta.id)).applied_testers_count, 3);
  });

  test('form-encoded bodies with bracket notation', async () => {
    const beta = await ctx.createBeta();
    const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, {
      form: 'tester[email]=form%40example.com&tester[status]=imported&tester[profile][first_name]=Fran&tester[profile][country]=de',
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.equal(response.body.status, 'imported');
    assert.equal(response.body.imported_at, '2026-11-22T09:15:00Z');
    assert.equal(response.body.profile.country, 'DE');
    assert.equal(response.body.waitlist_position, null, 'imported testers are not on the waitlist');
  });

  test('each creatable status sets its own timestamp and counter', async () => {
    const beta = await ctx.createBeta({ double_opt_in: true });
    const expectations: Record<string, string | null> = { applied: 'applied_at', invited: 'invited_at', active: 'joined_at', imported: 'imported_at', unconfirmed: null };
    for (const [status, stamp] of Object.entries(expectations)) {
      const tester = await createTester(ctx, beta.id, { status });
      assert.equal(tester.status, status);
      for (const field of ['applied_at', 'invited_at', 'joined_at', 'imported_at']) {
        assert.equal(tester[field], field === stamp ? '2026-11-22T09:15:00Z' : null, `${status}: ${field}`);
      }
    }
    const counters = await storedBeta(ctx, beta.id);
    assert.equal(counters.testers_count, 5);
    for (const status of Object.keys(expectations)) assert.equal((counters as any)[`${status}_testers_count`], 1, status);
  });

  test('status invited generates the unique invitation code (sha1 of decoder key and e-mail)', async () => {
    const beta = await ctx.createBeta({ decoder_key: 'd1696aeb245fa90380a192a41730f07464c906ea' });
    const tester = await createTester(ctx, beta.id, { email: 'Joe@Gmail.com', status: 'invited' });
    assert.equal(tester.invitation_code, '6210ede5e4');
  });

  test('status unconfirmed needs double opt-in', async () => {
    const beta = await ctx.createBeta({ double_opt_in: false });
    const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: uniqueEmail(), status: 'unconfirmed' } } });
    assert.equal(response.status, 422);
    assert.deepEqual(codes(response), [2301]);
    assert.equal(await testerCount(ctx, beta.id), 0);
  });

  test('an unknown status is 422 2301 naming the field', async () => {
    const beta = await ctx.createBeta();
    const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: uniqueEmail(), status: 'rejected' } } });
    assert.equal(response.status, 422);
    assert.equal(response.body.errors[0].code, Errors.testersGeneral.code);
    assert.match(response.body.errors[0].message, /tester\.status/);
  });

  test('2302 Email is required', async () => {
    const beta = await ctx.createBeta();
    for (const tester of [{}, { email: '' }, { email: '   ' }, { profile: { first_name: 'No Mail' } }]) {
      const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester } });
      assert.equal(response.status, 422, JSON.stringify(tester));
      assert.deepEqual(response.body.errors, [{ code: Errors.testerEmailRequired.code, message: 'Email is required' }]);
    }
    assert.equal(await testerCount(ctx, beta.id), 0);
  });

  test('an invalid e-mail address is 422 2301', async () => {
    const beta = await ctx.createBeta();
    for (const email of ['plainaddress', 'a@b', 'two@@example.com', 'spa ce@example.com', `${'x'.repeat(250)}@example.com`]) {
      const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email } } });
      assert.equal(response.status, 422, email);
      assert.deepEqual(codes(response), [2301], email);
    }
    assert.equal(await testerCount(ctx, beta.id), 0);
  });

  test('an e-mail address with a control, bidi or zero-width character is 422 2301, the character spelled out', async () => {
    const beta = await ctx.createBeta();
    const invisible = [
      '\u202e', '\u202a', '\u202d', '\u200e', '\u200f', '\u2066', '\u2069', '\u200b', '\u200d', '\u2060', '\ufeff',
      '\u00ad', '\u0007', '\u007f', '\u0085', '\u{e0041}',
    ];
    for (const char of invisible) {
      const hex = char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
      for (const [where, email] of [['local part', `ev${char}il@example.com`], ['domain', `evil@exam${char}ple.com`]]) {
        const form = `tester[email]=${encodeURIComponent(email)}`;
        for (const response of [
          await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email } } }),
          await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { form }),
        ]) {
          assert.equal(response.status, 422, `U+${hex} in the ${where}`);
          const shown = where === 'local part' ? `ev<U+${hex}>il@example.com` : `evil@exam<U+${hex}>ple.com`;
          assert.deepEqual(response.body.errors, [
            { code: Errors.testersGeneral.code, message: `Email "${shown}" is not a valid e-mail address: it contains the invisible character U+${hex}` },
          ]);
        }
      }
    }
    assert.equal(await testerCount(ctx, beta.id), 0);
    // Letters of any script are not invisible: such an address is taken as sent.
    const accented = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: 'jöe@exämple.com' } } });
    assert.equal(accented.status, 201, JSON.stringify(accented.body));
    assert.equal((await storedTester(ctx, accented.body.id))?.email, 'jöe@exämple.com');
  });

  test('2303–2306 and 2325: the beta\'s required fields, all reported together', async () => {
    const beta = await ctx.createBeta({ required_fields: ['name', 'employer', 'jobtitle', 'address', 'country'] });
    const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: uniqueEmail() } } });
    assert.equal(response.status, 422);
    assert.deepEqual(response.body.errors, [
      { code: Errors.nameRequired.code, message: 'Name is required' },
      { code: Errors.employerRequired.code, message: 'Employer is required' },
      { code: Errors.jobTitleRequired.code, message: 'Job title is required' },
      { code: Errors.addressRequired.code, message: 'Address is required' },
      { code: Errors.countryRequired.code, message: 'Country is required' },
    ]);
    const complete = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, {
      body: {
        tester: {
          email: uniqueEmail(),
          profile: { first_name: 'Ada', employer: 'Engines Ltd', jobtitle: 'Analyst', address_line1: '1 Main St', country: 'GB' },
        },
      },
    });
    assert.equal(complete.status, 201, JSON.stringify(complete.body));
    assert.equal(await testerCount(ctx, beta.id), 1);
  });

  test('a required country is satisfied by geolocation of the ip', async () => {
    const beta = await ctx.createBeta({ required_fields: ['country'] });
    const tester = await createTester(ctx, beta.id, { profile: { ip: '8.8.8.8' } });
    assert.equal(tester.profile.country, 'US');
  });

  test('2307 Phone number is invalid', async () => {
    const beta = await ctx.createBeta();
    const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: uniqueEmail(), profile: { telephone: '12' } } } });
    assert.equal(response.status, 422);
    assert.deepEqual(codes(response), [2307]);
    const valid = await createTester(ctx, beta.id, { profile: { telephone: '+1 415 555 2671' } });
    assert.equal(valid.profile.telephone, '+14155552671');
  });

  test('2310 Tester exists, whatever the case of the e-mail', async () => {
    const beta = await ctx.createBeta();
    await createTester(ctx, beta.id, { email: 'dup@example.com' });
    const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: 'DUP@example.com' } } });
    assert.equal(response.status, 422);
    assert.deepEqual(response.body.errors, [{ code: Errors.testerExists.code, message: 'Tester exists; use the update method' }]);
    assert.equal(await testerCount(ctx, beta.id), 1);
    assert.equal((await storedBeta(ctx, beta.id)).testers_count, 1);
  });

  test('the same e-mail may sign up to two betas', async () => {
    const first = await ctx.createBeta();
    const second = await ctx.createBeta();
    await createTester(ctx, first.id, { email: 'both@example.com' });
    await createTester(ctx, second.id, { email: 'both@example.com' });
  });

  test('status active with a valid code: the unique code, or a custom one (2312, 2313)', async () => {
    const beta = await ctx.createBeta({ decoder_key: 'd1696aeb245fa90380a192a41730f07464c906ea' });
    const unique = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, {
      body: { tester: { email: 'joe@gmail.com', status: 'active', invitation_code: '6210ede5e4' } },
    });
    assert.equal(unique.status, 201, JSON.stringify(unique.body));
    assert.equal(unique.body.status, 'active');
    assert.equal(unique.body.joined_at, '2026-11-22T09:15:00Z');

    const unknown = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, {
      body: { tester: { email: uniqueEmail(), status: 'active', invitation_code: 'NOPE123' } },
    });
    assert.equal(unknown.status, 422);
    assert.deepEqual(codes(unknown), [2313]);

    const code = await ctx.request('POST', `/api/v2/betas/${beta.id}/invitation_codes`, { body: { code: 'LAUNCH1', max_uses: 1 } });
    assert.equal(code.status, 201, JSON.stringify(code.body));
    const first = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, {
      body: { tester: { email: uniqueEmail(), status: 'active', invitation_code: 'launch1' } },
    });
    assert.equal(first.status, 201, JSON.stringify(first.body));
    const usedUp = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, {
      body: { tester: { email: uniqueEmail(), status: 'active', invitation_code: 'LAUNCH1' } },
    });
    assert.equal(usedUp.status, 422);
    assert.deepEqual(codes(usedUp), [2312]);
    assert.equal(await testerCount(ctx, beta.id), 2);
  });

  test('an invitation code with another status than active is refused', async () => {
    const beta = await ctx.createBeta();
    const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: uniqueEmail(), invitation_code: 'abc' } } });
    assert.equal(response.status, 422);
    assert.deepEqual(codes(response), [2301]);
  });

  test('2315, 2324, 2308, 2309: questions and answers', async () => {
    const beta = await ctx.createBeta();
    const ask = async (question: Record<string, unknown>) => {
      const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, { body: question });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body.id as number;
    };
    const color = await ask({ kind: 'multiple_choice', prompt: 'Favourite colour?', choices: ['Red', 'Green', 'Blue'], required: true });
    const terms = await ask({ kind: 'agreement', prompt: 'Agree to the terms?', required: true });
    const why = await ask({ kind: 'text', prompt: 'Why?' });
    const post = (response: unknown[]) =>
      ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: uniqueEmail(), responses: { response } } } });

    assert.deepEqual(codes(await post([{ question_id: 999999, answer: '0' }, { question_id: color, answer: 0 }, { question_id: terms, answer: 1 }])), [2315]);
    assert.deepEqual(codes(await post([{ question_id: color, answer: 7 }, { question_id: terms, answer: 1 }])), [2324]);
    assert.deepEqual(codes(await post([{ question_id: terms, answer: 1 }])), [2308]);
    assert.deepEqual(codes(await post([{ question_id: color, answer: 2 }, { question_id: terms, answer: 0 }])), [2309]);
    assert.equal(await testerCount(ctx, beta.id), 0);

    const ok = await post([{ question_id: color, answer: '2' }, { question_id: terms, answer: '1' }, { question_id: why, answer: 'Because.' }]);
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.deepEqual(ok.body.responses, [
      { question_id: color, question: 'Favourite colour?', answer: 'Blue' },
      { question_id: terms, question: 'Agree to the terms?', answer: 'Agree' },
      { question_id: why, question: 'Why?', answer: 'Because.' },
    ]);
    const stored = await ctx.database.db.selectFrom('tester_responses').selectAll().where('tester_id', '=', ok.body.id).execute();
    assert.equal(stored.length, 3);
  });

  test('answers from a form body', async () => {
    const beta = await ctx.createBeta();
    const question = await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, {
      body: { kind: 'multiple_select', prompt: 'Platforms?', choices: ['iOS', 'Android', 'Web'] },
    });
    const id = question.body.id;
    const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, {
      form: `tester[email]=${encodeURIComponent(uniqueEmail())}&tester[responses][response][0][question_id]=${id}&tester[responses][response][0][answer]=0%2C2`,
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.deepEqual(response.body.responses, [{ question_id: id, question: 'Platforms?', answer: 'iOS, Web' }]);
  });

  test('2316 Project no longer accepting new signups', async () => {
    const beta = await ctx.createBeta({ accepting_signups: false });
    const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: uniqueEmail() } } });
    assert.equal(response.status, 422);
    assert.deepEqual(response.body.errors, [{ code: Errors.signupsClosed.code, message: 'Project no longer accepting new signups' }]);
    assert.equal(await testerCount(ctx, beta.id), 0);
  });

  test('2317: beyond the company\'s max_testers a tester is created hidden', async () => {
    const company = await ctx.services.accounts.createCompany({ name: 'Small plan', maxTesters: 2 });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    const betaResponse = await ctx.request('POST', '/api/v2/betas', { key, body: { name: 'Tiny', homepage_url: 'https://tiny.example' } });
    const betaId = betaResponse.body.id;
    const post = (email: string) => ctx.request('POST', `/api/v2/betas/${betaId}/testers`, { key, body: { tester: { email } } });
    assert.equal((await post('one@example.com')).status, 201);
    assert.equal((await post('two@example.com')).status, 201);
    const third = await post('three@example.com');
    assert.equal(third.status, 403);
    assert.deepEqual(third.body.errors, [{ code: Errors.testerHidden.code, message: 'Plan limits exceeded and this tester is hidden' }]);
    const hidden = await ctx.database.db.selectFrom('testers').selectAll().where('email_normalized', '=', 'three@example.com').executeTakeFirstOrThrow();
    assert.equal(hidden.hidden, 1);
    const list = await ctx.request('GET', `/api/v2/betas/${betaId}/testers`, { key });
    assert.deepEqual(list.body.map((t: { email: string }) => t.email), ['one@example.com', 'two@example.com']);
    const beta = await storedBeta(ctx, betaId);
    assert.equal(beta.testers_count, 2);
    for (const [method, suffix] of [['GET', ''], ['PUT', ''], ['DELETE', ''], ['GET', '/verify?invitation_code=x'], ['POST', '/checkin']] as const) {
      const response = await ctx.request(method, `/api/v2/betas/${betaId}/testers/${hidden.id}${suffix}`, {
        key,
        body: method === 'PUT' ? { tester: { groups: 'x' } } : undefined,
      });
      assert.equal(response.status, 403, `${method} ${suffix}`);
      assert.deepEqual(codes(response), [2317], `${method} ${suffix}`);
    }
    assert.equal((await storedTester(ctx, hidden.id))?.groups, '');
  });

  test('2319 blocked e-mail domain, subdomains included', async () => {
    const beta = await ctx.createBeta({ blocked_email_domains: ['spam.example'] });
    for (const email of ['a@spam.example', 'b@mail.SPAM.example']) {
      const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email } } });
      assert.equal(response.status, 422, email);
      assert.deepEqual(response.body.errors, [{ code: Errors.emailDomainBlocked.code, message: 'Fraud protection: e-mail domain blacklisted' }]);
    }
    await createTester(ctx, beta.id, { email: 'c@notspam.example' });
    assert.equal(await testerCount(ctx, beta.id), 1);
  });

  test('2320 blocked IP address or range', async () => {
    const beta = await ctx.createBeta({ blocked_ips: ['203.0.113.7', '198.51.100.0/24'] });
    for (const ip of ['203.0.113.7', '198.51.100.200']) {
      const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: uniqueEmail(), profile: { ip } } } });
      assert.equal(response.status, 422, ip);
      assert.deepEqual(response.body.errors, [{ code: Errors.ipBlocked.code, message: 'Fraud protection: IP address blacklisted' }]);
    }
    await createTester(ctx, beta.id, { profile: { ip: '203.0.113.8' } });
    assert.equal(await testerCount(ctx, beta.id), 1);
  });

  test('2321 too many signups from one IP in a day (block mode)', async () => {
    const beta = await ctx.createBeta({ max_signups_per_ip_per_day: 2, fraud_mode: 'block' });
    await createTester(ctx, beta.id, { profile: { ip: '192.0.2.10' } });
    await createTester(ctx, beta.id, { profile: { ip: '192.0.2.10' } });
    const third = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: uniqueEmail(), profile: { ip: '192.0.2.10' } } } });
    assert.equal(third.status, 422);
    assert.deepEqual(third.body.errors, [{ code: Errors.tooManySignupsFromIp.code, message: 'Fraud protection: too many signups from this IP address' }]);
    await createTester(ctx, beta.id, { profile: { ip: '192.0.2.11' } });
    ctx.clock.advance(24 * 3600 * 1000 + 1000);
    await createTester(ctx, beta.id, { profile: { ip: '192.0.2.10' } });
    assert.equal(await testerCount(ctx, beta.id), 4);
  });

  test('2322 No data received: body not wrapped in tester, or wrong Content-Type', async () => {
    const beta = await ctx.createBeta();
    const unwrapped = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { email: uniqueEmail() } });
    assert.equal(unwrapped.status, 422);
    assert.deepEqual(codes(unwrapped), [2322]);
    const textPlain = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, {
      body: JSON.stringify({ tester: { email: uniqueEmail() } }),
      headers: { 'content-type': 'text/plain' },
    });
    assert.equal(textPlain.status, 422);
    assert.deepEqual(codes(textPlain), [2322]);
    const empty = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`);
    assert.deepEqual(codes(empty), [2322]);
    assert.equal(await testerCount(ctx, beta.id), 0);
  });

  test('2323 IP address not valid (must be IPv4)', async () => {
    const beta = await ctx.createBeta();
    for (const ip of ['2001:db8::1', '999.1.1.1', 'localhost']) {
      const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: uniqueEmail(), profile: { ip } } } });
      assert.equal(response.status, 422, ip);
      assert.deepEqual(codes(response), [2323], ip);
    }
    assert.equal(await testerCount(ctx, beta.id), 0);
  });

  test('user_agent and ip fill the derived fields; explicit values win', async () => {
    const beta = await ctx.createBeta();
    const userAgent = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
    const derived = await createTester(ctx, beta.id, { profile: { user_agent: userAgent, ip: '8.8.8.8' } });
    assert.equal(derived.profile.browser_name, 'Chrome');
    assert.equal(derived.profile.browser_version, '120.0.0.0');
    assert.equal(derived.profile.os_name, 'Windows');
    assert.equal(derived.profile.country, 'US');
    assert.equal(derived.profile.state, 'California');
    assert.equal(derived.profile.city, 'Mountain View');
    assert.equal(derived.profile.ip, '8.8.8.8');
    assert.equal('user_agent' in derived.profile, false, 'user_agent is input only');
    const explicit = await createTester(ctx, beta.id, {
      profile: { user_agent: userAgent, ip: '8.8.8.8', browser_name: 'MyBrowser', city: 'Springfield', country: 'CA' },
    });
    assert.equal(explicit.profile.browser_name, 'MyBrowser');
    assert.equal(explicit.profile.browser_version, '120.0.0.0');
    assert.equal(explicit.profile.city, 'Springfield');
    assert.equal(explicit.profile.country, 'CA');
    assert.equal(explicit.profile.state, 'California');
  });

  test('invalid country, locale and gender are refused with clear messages', async () => {
    const beta = await ctx.createBeta();
    const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, {
      body: { tester: { email: uniqueEmail(), profile: { country: 'XX', locale: 'not a locale!', gender: 'robot' } } },
    });
    assert.equal(response.status, 422);
    assert.deepEqual(codes(response), [2301, 2301, 2301]);
    const messages = response.body.errors.map((e: { message: string }) => e.message).join('\n');
    assert.match(messages, /country/);
    assert.match(messages, /locale/);
    assert.match(messages, /gender/);
    const ok = await createTester(ctx, beta.id, { profile: { country: 'fr', locale: 'fr-fr', gender: 'female' } });
    assert.deepEqual([ok.profile.country, ok.profile.locale, ok.profile.gender], ['FR', 'fr-FR', 'Female']);
  });

  test('referrer_id by referral code, id or e-mail credits the referrer', async () => {
    const beta = await ctx.createBeta();
    const referrer = await createTester(ctx, beta.id, { email: 'referrer@example.com' });
    const byCode = await createTester(ctx, beta.id, { referrer_id: referrer.referral_code });
    const byId = await createTester(ctx, beta.id, { referrer_id: String(referrer.id) });
    const byEmail = await createTester(ctx, beta.id, { referrer_id: 'REFERRER@example.com' });
    for (const referred of [byCode, byId, byEmail]) assert.equal(referred.referred_by, 'referrer@example.com');
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${referrer.id}`);
    assert.equal(shown.body.share_signups_count, 3);
    assert.equal(shown.body.waitlist_position, 1);
    assert.equal((await storedBeta(ctx, beta.id)).share_signups_count, 3);
  });

  test('an unknown referrer or a self-referral is ignored: the signup succeeds unreferred', async () => {
    const beta = await ctx.createBeta();
    const unknown = await createTester(ctx, beta.id, { referrer_id: 'zzzzz' });
    assert.equal(unknown.referred_by, null);
    const self = await createTester(ctx, beta.id, { email: 'self@example.com', referrer_id: 'self@example.com' });
    assert.equal(self.referred_by, null);
    assert.equal((await storedBeta(ctx, beta.id)).share_signups_count, 0);
  });

  test('a referrer in another beta is not found', async () => {
    const other = await ctx.createBeta();
    const outsider = await createTester(ctx, other.id);
    const beta = await ctx.createBeta();
    const referred = await createTester(ctx, beta.id, { referrer_id: outsider.referral_code });
    assert.equal(referred.referred_by, null);
  });

  test('referrer_id with status imported, invited or active is recorded; invited and active are credited at once, imported when it joins', async () => {
    const beta = await ctx.createBeta({ signup_points: 1, referral_points: 5 });
    // Someone listening, so the events are stored.
    const hook = await ctx.request('POST', `/api/v2/betas/${beta.id}/webhooks`, { body: { url: 'https://hooks.example.com/prelaunch' } });
    assert.equal(hook.status, 201);
    const referrer = await createTester(ctx, beta.id);
    const pointsOf = async (id: number) =>
      (await ctx.database.db.selectFrom('points').select(['activity', 'quantity']).where('tester_id', '=', id).orderBy('id').execute()).map((r) => `${r.activity} ${r.quantity}`);
    /** The referrer's tester_updated events: one per credit. */
    const referrerUpdates = async () =>
      (await ctx.database.db.selectFrom('webhook_events').select('payload').where('beta_id', '=', beta.id).where('type', '=', 'tester_updated').execute())
        .filter((event) => JSON.parse(event.payload).data.id === referrer.id).length;
    const credit = async () => ({
      count: (await storedTester(ctx, referrer.id))?.share_signups_count,
      beta: (await storedBeta(ctx, beta.id)).share_signups_count,
      points: (await storedTester(ctx, referrer.id))?.points,
      events: await referrerUpdates(),
    });

    const joined = [];
    for (const [status, reference] of [['invited', referrer.referral_code], ['active', referrer.email]] as const) {
      const response = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: uniqueEmail(), status, referrer_id: reference } } });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      assert.deepEqual([response.body.status, response.body.referred_by, response.body.fraud.referral], [status, referrer.email, 'credited']);
      const stored = await storedTester(ctx, response.body.id);
      assert.equal(stored?.referrer_id, referrer.id);
      assert.notEqual(stored?.referral_credited_at, null);
      assert.deepEqual(await pointsOf(response.body.id), ['signup 1'], 'joined: its own signup points');
      joined.push(response.body.id);
    }
    assert.deepEqual(await credit(), { count: 2, beta: 2, points: 1 + 2 * 5, events: 2 });
    assert.deepEqual(await pointsOf(referrer.id), ['signup 1', 'referral 5', 'referral 5']);

    const imported = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: uniqueEmail(), status: 'imported', referrer_id: referrer.id } } });
    assert.equal(imported.status, 201);
    assert.deepEqual([imported.body.referred_by, imported.body.fraud.referral], [referrer.email, 'pending']);
    assert.equal((await storedTester(ctx, imported.body.id))?.referrer_id, referrer.id);
    assert.deepEqual(await pointsOf(imported.body.id), [], 'an imported tester has not joined');
    assert.deepEqual(await credit(), { count: 2, beta: 2, points: 11, events: 2 }, 'not credited while imported');

    // Moved into the campaign (here straight to active), it joins: the referral is credited then, once.
    const activated = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${imported.body.id}`, { body: { tester: { status: 'active' } } });
    assert.equal(activated.status, 200);
    assert.equal(activated.body.fraud.referral, 'credited');
    assert.deepEqual(await pointsOf(imported.body.id), ['signup 1']);
    assert.deepEqual(await credit(), { count: 3, beta: 3, points: 16, events: 3 });
    await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${imported.body.id}`, { body: { tester: { status: 'invited' } } });
    await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${imported.body.id}/checkin`);
    assert.deepEqual(await credit(), { count: 3, beta: 3, points: 16, events: 3 }, 'credited once');
  });

  test('an imported tester with a referrer joins by a checkin too', async () => {
    const beta = await ctx.createBeta();
    const referrer = await createTester(ctx, beta.id);
    const imported = await createTester(ctx, beta.id, { status: 'imported', referrer_id: referrer.referral_code });
    assert.equal((await storedTester(ctx, referrer.id))?.share_signups_count, 0);
    const checkin = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${imported.id}/checkin`);
    assert.equal(checkin.status, 202);
    assert.equal((await storedTester(ctx, referrer.id))?.share_signups_count, 1);
  });

  test('an unconfirmed referral is credited only when the tester is applied', async () => {
    const beta = await ctx.createBeta({ double_opt_in: true });
    const referrer = await createTester(ctx, beta.id);
    const pending = await createTester(ctx, beta.id, { status: 'unconfirmed', referrer_id: referrer.referral_code });
    assert.equal(pending.referred_by, referrer.email);
    assert.equal((await storedTester(ctx, referrer.id))?.share_signups_count, 0);
    const applied = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${pending.id}`, { body: { tester: { status: 'applied' } } });
    assert.equal(applied.status, 200);
    assert.equal((await storedTester(ctx, referrer.id))?.share_signups_count, 1);
    assert.equal((await storedBeta(ctx, beta.id)).share_signups_count, 1);
  });

  test('vanity referral codes start with the first name', async () => {
    const beta = await ctx.createBeta({ vanity_referral_codes: true });
    const tester = await createTester(ctx, beta.id, { profile: { first_name: 'Zoë-Ann' } });
    assert.match(tester.referral_code, /^zoeann[A-Za-z0-9]{4}$/);
  });

  test('a beta\'s own referral_url makes the share link', async () => {
    const beta = await ctx.createBeta({ referral_url: 'https://launch.example/join?src=share' });
    const tester = await createTester(ctx, beta.id);
    assert.equal(tester.share_link, `https://launch.example/join?src=share&r=${tester.referral_code}`);
    assert.equal(tester.share_status_link, `https://prelaunch.test/r/${tester.referral_code}?check=${tester.uuid}`);
  });

  test('unknown fields are ignored', async () => {
    const beta = await ctx.createBeta();
    const tester = await createTester(ctx, beta.id, { favourite_food: 'cake', profile: { shoe_size: '42' } });
    assert.equal(tester.status, 'applied');
    assert.equal('shoe_size' in tester.profile, false);
  });

  test('counters stay exact across the file\'s creates', async () => {
    const betas = await ctx.database.db.selectFrom('betas').select('id').where('company_id', '=', ctx.companyId).execute();
    for (const { id } of betas) await assertCountersExact(ctx, id, assert);
  });
});
