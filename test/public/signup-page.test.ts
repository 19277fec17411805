import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../support/context.ts';
import { createTester, uniqueEmail } from '../modules/testers/support.ts';
import { storedMessages } from '../modules/emails/support.ts';
import { createEndpoint, storedEvents } from '../modules/webhooks/support.ts';
import { assertPageSecurity, betaRow, DESKTOP, formOf, testerByEmail, testersOf, visit } from './support.ts';

const NOW = '2026-11-22T09:15:00.000Z';

describe('hosted signup page /b/{slug or id}', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set(NOW));

  async function addQuestion(betaId: number, question: Record<string, unknown>): Promise<number> {
    const response = await ctx.request('POST', `/api/v2/betas/${betaId}/questions`, { body: question });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body.id;
  }

  test('renders the beta name, e-mail, the required profile fields and every kind of question; by slug and by id', async () => {
    const beta = await ctx.createBeta({ required_fields: ['name', 'employer', 'country'] }, 'Rocket');
    assert.equal((await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { slug: 'Rocket-Launch' } })).body.slug, 'rocket-launch');
    const text = await addQuestion(beta.id, { kind: 'text', prompt: 'Why?', required: true });
    const choice = await addQuestion(beta.id, { kind: 'multiple_choice', prompt: 'Platform', choices: ['iOS', 'Android'], required: true });
    const select = await addQuestion(beta.id, { kind: 'multiple_select', prompt: 'Features', choices: ['Sync', 'Share', 'Export'] });
    const scale = await addQuestion(beta.id, { kind: 'scale', prompt: 'Excited?', choices: ['1', '2', '3'] });
    const agree = await addQuestion(beta.id, { kind: 'agreement', prompt: 'I accept the terms', required: true });

    for (const path of [`/b/rocket-launch`, `/b/${beta.id}`, '/b/ROCKET-LAUNCH']) {
      const page = await visit(ctx, 'GET', path);
      assert.equal(page.status, 200, path);
      assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
      assertPageSecurity(assert, page);
      const body: string = page.body;
      assert.ok(body.includes('<h1>Rocket</h1>'));
      assert.ok(body.includes('<form method="post" class="signup" id="signup-form" novalidate>'));
      assert.ok(body.includes('<input id="field-email" name="email" type="email"'));
      for (const field of ['first_name', 'last_name', 'employer']) assert.ok(body.includes(`id="field-${field}" name="${field}" type="text"`), field);
      const mark = '<span class="required" aria-hidden="true">*</span>';
      assert.ok(body.includes(`<label for="field-first_name">First name ${mark}</label>`));
      assert.ok(body.includes('<label for="field-last_name">Last name</label>'), 'an optional field has no mark');
      assert.ok(body.includes('<select id="field-country" name="country"'));
      assert.ok(body.includes('<option value="DE">Germany</option>'));
      assert.ok(!body.includes('field-jobtitle'), 'only the fields the beta requires');
      assert.ok(body.includes(`<textarea id="field-q${text}" name="answers[q${text}]"`));
      assert.ok(body.includes(`<fieldset class="field" id="field-q${choice}" role="radiogroup" aria-required="true">\n<legend>Platform ${mark}</legend>`));
      assert.ok(body.includes(`<input id="field-q${choice}-1" type="radio" name="answers[q${choice}]" value="1" required> <span>Android</span>`));
      assert.ok(body.includes(`<input id="field-q${select}-2" type="checkbox" name="answers[q${select}][]" value="2"> <span>Export</span>`));
      assert.ok(body.includes(`<fieldset class="field scale" id="field-q${scale}" role="radiogroup">\n<legend>Excited?</legend>`));
      assert.ok(body.includes(`<fieldset class="field" id="field-q${select}">`), 'a group of checkboxes keeps its own role');
      assert.ok(body.includes(`<input id="field-q${agree}" type="checkbox" name="answers[q${agree}]" value="1" required>`));
      assert.ok(body.includes('<link rel="stylesheet" href="/assets/pages.css">'));
    }
    for (const path of ['/b/no-such-beta', '/b/999999', '/b/%3Cscript%3E']) {
      const missing = await visit(ctx, 'GET', path);
      assert.equal(missing.status, 404, path);
      assert.ok(missing.body.includes('There is no waitlist at this address'));
    }
  });

  test('the stylesheet and the page script are served by the app', async () => {
    const css = await visit(ctx, 'GET', '/assets/pages.css');
    assert.equal(css.status, 200);
    assert.equal(css.headers['content-type'], 'text/css; charset=utf-8');
    assert.ok(css.body.includes('.shell{max-width:560px'));
    const js = await visit(ctx, 'GET', '/assets/page.js');
    assert.equal(js.status, 200);
    assert.equal(js.headers['content-type'], 'text/javascript; charset=utf-8');
  });

  test('user text is escaped: beta name, question prompts and choices, values sent back', async () => {
    const beta = await ctx.createBeta({}, '<script>alert(1)</script> & "Co"');
    await addQuestion(beta.id, { kind: 'multiple_choice', prompt: '<img src=x onerror=alert(2)>', choices: ['<b>bold</b>'], required: true });
    const page = await visit(ctx, 'GET', `/b/${beta.id}?utm_source=${encodeURIComponent('"><script>x</script>')}`);
    assert.equal(page.status, 200);
    assert.ok(!page.body.includes('<script>alert(1)'), 'no script from the name');
    assert.ok(page.body.includes('<h1>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;</h1>'));
    assert.ok(page.body.includes('&lt;img src=x onerror=alert(2)&gt;'));
    assert.ok(!page.body.includes('<img'));
    assert.ok(page.body.includes('<span>&lt;b&gt;bold&lt;/b&gt;</span>'));
    assert.ok(page.body.includes('<input type="hidden" name="utm_source" value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;">'));
    const refused = await visit(ctx, 'POST', `/b/${beta.id}`, { form: formOf({ email: '"><script>y</script>' }) });
    assert.equal(refused.status, 422);
    assert.ok(refused.body.includes('value="&quot;&gt;&lt;script&gt;y&lt;/script&gt;"'));
    assert.ok(!refused.body.includes('<script>y'));
  });

  test('a signup creates the tester as the API would, with the request\'s ip and user agent, and shows the standing and share buttons', async () => {
    const beta = await ctx.createBeta({ required_fields: ['name'] }, 'Rocket');
    const endpoint = await createEndpoint(ctx, beta.id, { url: 'http://127.0.0.1:9/hook' });
    const question = await addQuestion(beta.id, { kind: 'multiple_select', prompt: 'Features', choices: ['Sync', 'Share', 'Export'] });
    await createTester(ctx, beta.id, { profile: { first_name: 'Bo' } });
    const email = uniqueEmail('page');
    const response = await visit(ctx, 'POST', `/b/${beta.id}`, {
      ip: '198.51.100.23',
      userAgent: DESKTOP,
      form: formOf({ email, first_name: 'Ada', [`answers[q${question}][]`]: ['2', '0'], utm_source: 'newsletter', ip: '10.0.0.1' }),
    });
    assert.equal(response.status, 200, response.body);
    assertPageSecurity(assert, response);
    const stored = await testerByEmail(ctx, beta.id, email);
    assert.ok(stored);
    assert.equal(stored.status, 'applied');
    assert.equal(stored.first_name, 'Ada');
    assert.equal(stored.ip, '198.51.100.23', 'the address of the request, not one sent in the form');
    assert.equal(stored.user_agent, DESKTOP);
    assert.equal(stored.browser_name, 'Chrome');
    assert.equal(stored.utm_source, 'newsletter');
    const api = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${stored.id}`);
    assert.equal(api.body.waitlist_position, 2);
    const answers = await ctx.database.db.selectFrom('tester_responses').select('answer').where('tester_id', '=', stored.id).execute();
    assert.deepEqual(answers, [{ answer: 'Sync, Export' }]);
    assert.ok(response.body.includes('<h1>You\'re on the list!</h1>'));
    assert.ok(response.body.includes('<strong id="waitlist-position">#2</strong>'));
    assert.ok(response.body.includes('<p id="waitlist-ahead">1 person is ahead of you.</p>'));
    assert.ok(response.body.includes(`<input id="share-link" type="text" readonly value="https://prelaunch.test/r/${stored.referral_code}?ch=copy"`));
    for (const target of ['email', 'sms', 'x', 'linkedin', 'facebook', 'whatsapp', 'telegram', 'reddit']) assert.ok(response.body.includes(`id="share-${target}"`), target);
    assert.ok(response.body.includes(`href="https://wa.me/?text=Join+me+on+the+Rocket+waitlist%3A+https%3A%2F%2Fprelaunch.test%2Fr%2F${stored.referral_code}%3Fch%3Dwhatsapp"`));
    assert.ok(response.body.includes('data-copy="share-link"'));
    // The same event the API raises (the webhook endpoint listens to every type).
    const events = await storedEvents(ctx, beta.id);
    const created = events.filter((e) => e.type === 'tester_created').map((e) => JSON.parse(e.payload).data.email);
    assert.ok(created.includes(email));
    assert.ok(endpoint.id > 0);
    assert.equal((await betaRow(ctx, beta.id)).applied_testers_count, 2);
  });

  test('each refusal is shown next to its field with the values kept, and nothing is stored', async () => {
    const beta = await ctx.createBeta({ blocked_email_domains: ['spam.example'] }, 'Rocket');
    await createTester(ctx, beta.id);
    await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { settings: { required_fields: ['name', 'jobtitle', 'country'] } } });
    const agree = await addQuestion(beta.id, { kind: 'agreement', prompt: 'I accept', required: true });
    const text = await addQuestion(beta.id, { kind: 'text', prompt: 'Why?', required: true });
    const before = (await testersOf(ctx, beta.id)).length;

    const empty = await visit(ctx, 'POST', `/b/${beta.id}`, { form: formOf({ email: '', employer: 'Kept', country: 'de' }) });
    assert.equal(empty.status, 422);
    const expectations: [string, string][] = [
      ['email', 'Please enter your e-mail address.'],
      ['first_name', 'Please enter your name.'],
      ['jobtitle', 'Please enter your job title.'],
      [`q${agree}`, 'Please agree to continue.'],
      [`q${text}`, 'Please answer this question.'],
    ];
    for (const [field, message] of expectations) {
      assert.ok(empty.body.includes(`<p class="error" id="${field}-error">${message}</p>`), `${field}: ${message}`);
      assert.ok(empty.body.includes(`aria-describedby="${field}-error"`), field);
    }
    assert.ok(!empty.body.includes('value="Kept"'), 'a field the form does not have is not echoed');
    assert.ok(empty.body.includes('<option value="DE" selected>Germany</option>'));

    const answered = { first_name: 'A', jobtitle: 'Dev', country: 'DE', [`answers[q${agree}]`]: '1', [`answers[q${text}]`]: 'Because' };
    const cases: [Record<string, string>, string, string][] = [
      [{ email: 'not-an-address' }, 'email', 'Please enter a valid e-mail address.'],
      [{ email: 'joe@mail.spam.example' }, 'email', 'Signups with this e-mail domain are not accepted.'],
      [{ email: uniqueEmail(), country: 'XX' }, 'country', 'profile.country must be a two-letter ISO 3166-1 code (e.g. "US"), got "XX"'],
    ];
    for (const [fields, field, message] of cases) {
      const response = await visit(ctx, 'POST', `/b/${beta.id}`, { form: formOf({ ...answered, ...fields }) });
      assert.equal(response.status, 422, JSON.stringify(fields));
      assert.ok(response.body.includes(`<p class="error" id="${field}-error">${message.replace(/"/g, '&quot;')}`), `${field}: ${message}\n${response.body}`);
    }
    assert.equal((await testersOf(ctx, beta.id)).length, before);

    // Rules about the beta or the visitor's network are shown above the form.
    await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { settings: { blocked_ips: ['203.0.113.0/24'] } } });
    const blocked = await visit(ctx, 'POST', `/b/${beta.id}`, { form: formOf({ ...answered, email: uniqueEmail() }) });
    assert.equal(blocked.status, 422);
    assert.ok(blocked.body.includes('<div class="alert" role="alert" id="form-errors"><p>Signups from your network are not accepted.</p></div>'), blocked.body);
    await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { settings: { blocked_ips: [], accepting_signups: false } } });
    const closed = await visit(ctx, 'POST', `/b/${beta.id}`, { form: formOf({ ...answered, email: uniqueEmail() }) });
    assert.equal(closed.status, 422);
    assert.ok(closed.body.includes('<p id="signups-closed">This waitlist is not taking signups at the moment.'));
    const closedPage = await visit(ctx, 'GET', `/b/${beta.id}`);
    assert.ok(closedPage.body.includes('<p id="signups-closed">'));
    assert.ok(!closedPage.body.includes('<form'));
    assert.equal((await testersOf(ctx, beta.id)).length, before);
  });

  test('a referral through ?r= (kept in the form) and through the share link\'s cookie is credited', async () => {
    const beta = await ctx.createBeta({}, 'Rocket');
    const referrer = await createTester(ctx, beta.id);
    const page = await visit(ctx, 'GET', `/b/${beta.id}?r=${referrer.referral_code}`);
    assert.ok(page.body.includes(`<input type="hidden" name="r" value="${referrer.referral_code}">`));
    const viaQuery = uniqueEmail();
    assert.equal((await visit(ctx, 'POST', `/b/${beta.id}`, { form: formOf({ email: viaQuery, r: referrer.referral_code }) })).status, 200);
    assert.equal((await testerByEmail(ctx, beta.id, viaQuery))!.referrer_id, referrer.id);

    const click = await visit(ctx, 'GET', `/r/${referrer.referral_code}`, { ip: '192.0.2.44' });
    assert.equal(click.status, 302);
    const cookie = String(click.headers['set-cookie']).split(';')[0];
    assert.equal(cookie, `prelaunch_r_${beta.id}=${referrer.referral_code}`);
    const withCookie = await visit(ctx, 'GET', `/b/${beta.id}`, { headers: { cookie } });
    assert.ok(withCookie.body.includes(`name="r" value="${referrer.referral_code}"`));
    const viaCookie = uniqueEmail();
    assert.equal((await visit(ctx, 'POST', `/b/${beta.id}`, { form: formOf({ email: viaCookie }), headers: { cookie: `other=1; ${cookie}` } })).status, 200);
    assert.equal((await testerByEmail(ctx, beta.id, viaCookie))!.referrer_id, referrer.id);

    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${referrer.id}`);
    assert.equal(shown.body.share_signups_count, 2);
    assert.equal((await betaRow(ctx, beta.id)).share_signups_count, 2);
  });

  test('views count as impressions: once per visitor per day, never HEAD, bots, previews or prefetches', async () => {
    const beta = await ctx.createBeta({}, 'Rocket');
    const impressions = async () => (await betaRow(ctx, beta.id)).impressions_count;
    await visit(ctx, 'GET', `/b/${beta.id}`);
    await visit(ctx, 'GET', `/b/${beta.id}`);
    assert.equal(await impressions(), 1, 'the same visitor the same day');
    await visit(ctx, 'GET', `/b/${beta.id}`, { userAgent: DESKTOP });
    await visit(ctx, 'GET', `/b/${beta.id}`, { ip: '198.51.100.1' });
    assert.equal(await impressions(), 3, 'another browser, another address');
    assert.equal((await visit(ctx, 'HEAD', `/b/${beta.id}`, { ip: '198.51.100.2' })).status, 200);
    for (const agent of ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', 'facebookexternalhit/1.1', 'curl/8.5.0', null]) {
      await visit(ctx, 'GET', `/b/${beta.id}`, { ip: '198.51.100.3', userAgent: agent });
    }
    await visit(ctx, 'GET', `/b/${beta.id}`, { ip: '198.51.100.4', headers: { 'sec-purpose': 'prefetch' } });
    assert.equal(await impressions(), 3);
    ctx.clock.set('2026-11-23T00:00:01.000Z');
    await visit(ctx, 'GET', `/b/${beta.id}`);
    assert.equal(await impressions(), 4, 'a new day');
    const salts = await ctx.database.db.selectFrom('visitor_salts').select('name').where('name', 'like', 'day:%').execute();
    assert.deepEqual(salts, [{ name: 'day:2026-11-23' }], 'yesterday\'s salt is gone');
    const visits = await ctx.database.db.selectFrom('daily_visits').selectAll().where('beta_id', '=', beta.id).execute();
    assert.deepEqual(visits.map((v) => v.day), ['2026-11-23']);
    assert.ok(visits.every((v) => !v.visitor.includes('203.0.113') && /^[A-Za-z0-9_-]{43}$/.test(v.visitor)), 'only a hash is stored');
  });

  test('double opt-in: the public signup is unconfirmed and gets the confirmation e-mail', async () => {
    const beta = await ctx.createBeta({ double_opt_in: true }, 'Rocket');
    const email = uniqueEmail();
    const response = await visit(ctx, 'POST', `/b/${beta.id}`, { form: formOf({ email }) });
    assert.equal(response.status, 200);
    assert.ok(response.body.includes('<h1>Check your inbox</h1>'));
    assert.ok(!response.body.includes('share-link'));
    assert.equal((await testerByEmail(ctx, beta.id, email))!.status, 'unconfirmed');
    const messages = await storedMessages(ctx, beta.id);
    assert.deepEqual(messages.map((m) => [m.occasion, m.to_address, m.status]), [['confirmation', email, 'queued']]);
    assert.match(messages[0].text_body, /https:\/\/prelaunch\.test\/confirm\/[A-Za-z0-9_-]{43}/);
  });

  test('a body over 16 KiB is refused with a clear page; the API docs keep their own headers', async () => {
    const beta = await ctx.createBeta({}, 'Rocket');
    const big = await visit(ctx, 'POST', `/b/${beta.id}`, { form: formOf({ email: uniqueEmail(), utm_term: 'x'.repeat(17 * 1024) }) });
    assert.equal(big.status, 413);
    assert.ok(big.body.includes('<h1>Too much data</h1>'));
    assert.ok(big.body.includes('Request body is too large (at most 16384 bytes)'));
    assertPageSecurity(assert, big);
    assert.equal((await testersOf(ctx, beta.id)).length, 0);

    // /docs has a policy of its own (test/http/docs-health.test.ts), not the pages'.
    const docs = await visit(ctx, 'GET', '/docs');
    assert.equal(docs.status, 200);
    assert.notEqual(docs.headers['content-security-policy'], big.headers['content-security-policy'], 'the pages\' policy stays on the pages');
    const openapi = await ctx.request('GET', '/api/v2/openapi.json');
    assert.equal(openapi.status, 200);
    assert.equal(openapi.headers['content-security-policy'], undefined);
  });
});
