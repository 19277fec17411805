// The page object of a beta (its design) through the API, its images, and the public pages that wear it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { startTestContext, type TestContext, type TestResponse } from '../../support/context.ts';
import { Errors } from '../../../src/primitives/errors.ts';
import { IMAGE_LIMITS } from '../../../src/modules/betas/beta-images.ts';
import { maskedEmail } from '../../../src/modules/testers/masked-email.ts';
import { createTester, uniqueEmail } from '../testers/support.ts';
import { formOf, visit } from '../../public/support.ts';
import { PNG } from '../../support/images.ts';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF jpeg body'), Buffer.from([0xff, 0xd9])]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([20, 0, 0, 0]), Buffer.from('WEBPVP8 webp body')]);
const SAFE_SVG = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"/></defs><circle r="4" fill="url(#g)"/><use href="#g"/></svg>';
const HOSTILE = '<img src=x onerror=alert(1)>';

const DEFAULT_PAGE = {
  headline: null,
  description: null,
  brand_color: null,
  background_color: null,
  button_text: null,
  thank_you_headline: null,
  thank_you_text: null,
  share_message: null,
  show_waiting_count: true,
  logo_url: null,
  hero_url: null,
};

const digest = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

describe('the page object (a beta\'s design)', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  const storedPage = async (betaId: number) =>
    JSON.parse((await ctx.database.db.selectFrom('betas').select('page').where('id', '=', betaId).executeTakeFirstOrThrow()).page);
  const storedImages = (betaId: number) =>
    ctx.database.db.selectFrom('beta_images').select(['kind', 'digest', 'content_type']).where('beta_id', '=', betaId).orderBy('kind').execute();
  const patchPage = (betaId: number, page: Record<string, unknown>) => ctx.request('PATCH', `/api/v2/betas/${betaId}`, { body: { page } });

  async function upload(betaId: number, kind: 'logo' | 'hero', body: Buffer | string, contentType: string): Promise<TestResponse> {
    const raw = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v2/betas/${betaId}/page/${kind}`,
      headers: { authorization: `Bearer ${ctx.apiKey}`, 'content-type': contentType },
      payload: body,
    });
    return { status: raw.statusCode, body: JSON.parse(raw.body), headers: raw.headers, raw };
  }

  function multipartImage(bytes: Buffer, partType: string): { body: Buffer; contentType: string } {
    const boundary = '----prelaunch-image-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="hero"\r\nContent-Type: ${partType}\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { body, contentType: `multipart/form-data; boundary=${boundary}` };
  }

  test('a new beta has the default design; PATCH changes only the keys sent, colours in lower case, and null or blank resets', async () => {
    const beta = await ctx.createBeta();
    assert.deepEqual(beta.page, DEFAULT_PAGE);
    const first = await patchPage(beta.id, { headline: '  Launch day  ', brand_color: '#1D4ED8', show_waiting_count: 'false', share_message: 'Come along' });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(first.body.page, { ...DEFAULT_PAGE, headline: 'Launch day', brand_color: '#1d4ed8', show_waiting_count: false, share_message: 'Come along' });
    const second = await patchPage(beta.id, { description: 'Two\n\nparagraphs', share_message: null, headline: '   ' });
    assert.deepEqual(second.body.page, { ...DEFAULT_PAGE, description: 'Two\n\nparagraphs', brand_color: '#1d4ed8', show_waiting_count: false });
    assert.deepEqual((await ctx.request('GET', `/api/v2/betas/${beta.id}`)).body.page, second.body.page);
    const stored = await storedPage(beta.id);
    assert.equal(stored.brand_color, '#1d4ed8');
    assert.equal(stored.headline, null);
    assert.equal(stored.logo, null);
  });

  test('colours whose text fails WCAG AA are refused with both colours, the ratio and 4.5:1 named; nothing changes', async () => {
    const beta = await ctx.createBeta();
    await patchPage(beta.id, { headline: 'Kept' });
    const refused = await patchPage(beta.id, { brand_color: '#777777', background_color: '#777777', headline: 'Not kept' });
    assert.equal(refused.status, 422);
    assert.deepEqual(refused.body, {
      errors: [
        { code: Errors.betasGeneral.code, message: 'page.brand_color #777777 with its button text #ffffff has a contrast ratio of 4.47:1; WCAG AA needs at least 4.5:1 (choose a darker or lighter colour)' },
        { code: Errors.betasGeneral.code, message: 'page.background_color #777777 with the text on it #ffffff has a contrast ratio of 4.47:1; WCAG AA needs at least 4.5:1 (choose a darker or lighter colour)' },
      ],
    });
    assert.equal((await storedPage(beta.id)).headline, 'Kept');
    assert.equal((await storedPage(beta.id)).brand_color, null);
    // A light brand colour takes dark button text; a dark background takes white text: both pass.
    const accepted = await patchPage(beta.id, { brand_color: '#fbbf24', background_color: '#0f172a' });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.equal((await storedPage(beta.id)).background_color, '#0f172a');
  });

  test('the schema refuses malformed colours, overlong texts, control characters and non-boolean flags', async () => {
    const beta = await ctx.createBeta();
    const bad: Record<string, unknown>[] = [
      { brand_color: 'red' },
      { brand_color: '#abc' },
      { background_color: '#12345g' },
      { headline: 'x'.repeat(121) },
      { description: 'x'.repeat(2001) },
      { button_text: 'x'.repeat(41) },
      { share_message: 'x'.repeat(281) },
      { thank_you_text: 'x'.repeat(1001) },
      { headline: 'bell\u0007' },
      { button_text: 'two\nlines' },
      { show_waiting_count: 'maybe' },
    ];
    for (const page of bad) {
      const response = await patchPage(beta.id, page);
      assert.equal(response.status, 422, JSON.stringify(page));
      assert.equal(response.body.errors[0].code, Errors.betasGeneral.code, JSON.stringify(page));
    }
    // A pattern is told in words, not as its regular expression.
    assert.deepEqual((await patchPage(beta.id, { brand_color: 'red' })).body.errors, [{ code: Errors.betasGeneral.code, message: 'page.brand_color must be a colour written #rrggbb, e.g. #2563eb' }]);
    assert.deepEqual((await patchPage(beta.id, { button_text: 'two\nlines' })).body.errors, [
      { code: Errors.betasGeneral.code, message: 'page.button_text must be one line of text, without line breaks or other control characters' },
    ]);
    assert.deepEqual((await ctx.request('GET', `/api/v2/betas/${beta.id}`)).body.page, DEFAULT_PAGE);
    // Line breaks are text in the multi-line fields.
    assert.equal((await patchPage(beta.id, { thank_you_text: 'Thanks!\nSee you soon.' })).status, 200);
  });

  test('a PNG logo (raw body) and a JPEG hero (multipart) are stored, named by their digest, and served for good', async () => {
    const beta = await ctx.createBeta();
    const logo = await upload(beta.id, 'logo', PNG, 'image/png');
    assert.equal(logo.status, 200, JSON.stringify(logo.body));
    assert.equal(logo.body.page.logo_url, `${ctx.config.publicUrl}/images/${digest(PNG)}.png`);
    const form = multipartImage(JPEG, 'image/jpeg');
    const hero = await upload(beta.id, 'hero', form.body, form.contentType);
    assert.equal(hero.status, 200, JSON.stringify(hero.body));
    assert.equal(hero.body.page.hero_url, `${ctx.config.publicUrl}/images/${digest(JPEG)}.jpg`);
    assert.deepEqual(await storedImages(beta.id), [
      { kind: 'hero', digest: digest(JPEG), content_type: 'image/jpeg' },
      { kind: 'logo', digest: digest(PNG), content_type: 'image/png' },
    ]);
    assert.deepEqual((await storedPage(beta.id)).logo, { digest: digest(PNG), content_type: 'image/png' });

    const served = await ctx.app.inject({ method: 'GET', url: `/images/${digest(PNG)}.png` });
    assert.equal(served.statusCode, 200);
    assert.deepEqual(served.rawPayload, PNG);
    assert.equal(served.headers['content-type'], 'image/png');
    assert.equal(served.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(served.headers['x-content-type-options'], 'nosniff');
    assert.equal(served.headers['cross-origin-resource-policy'], 'cross-origin');
    // Another extension, or a digest no design has, is not found.
    assert.equal((await ctx.app.inject({ method: 'GET', url: `/images/${digest(PNG)}.svg` })).statusCode, 404);
    assert.equal((await ctx.app.inject({ method: 'GET', url: `/images/${digest('none')}.png` })).statusCode, 404);
    assert.equal((await ctx.app.inject({ method: 'GET', url: '/images/..%2Fetc.png' })).statusCode, 404);

    // A new logo is a new URL; the old one is gone.
    const replaced = await upload(beta.id, 'logo', WEBP, 'image/webp');
    assert.equal(replaced.body.page.logo_url, `${ctx.config.publicUrl}/images/${digest(WEBP)}.webp`);
    assert.equal((await ctx.app.inject({ method: 'GET', url: `/images/${digest(PNG)}.png` })).statusCode, 404);

    const removed = await ctx.request('DELETE', `/api/v2/betas/${beta.id}/page/logo`);
    assert.equal(removed.status, 200);
    assert.equal(removed.body.page.logo_url, null);
    assert.equal(removed.body.page.hero_url, hero.body.page.hero_url);
    assert.deepEqual((await storedImages(beta.id)).map((image) => image.kind), ['hero']);
    assert.equal((await ctx.request('DELETE', `/api/v2/betas/${beta.id}/page/logo`)).status, 200, 'removing again changes nothing');
  });

  test('uploads are checked by their bytes: another type, a declared type that lies, an oversize file and an empty one are refused and nothing is stored', async () => {
    const beta = await ctx.createBeta();
    const cases: [string, Buffer | string, string, number, number, RegExp][] = [
      ['a GIF', Buffer.from('GIF89a\u0001\u0000'), 'image/png', 415, Errors.unsupportedMediaType.code, /^The logo is not a PNG, JPEG, WebP or SVG image$/],
      ['text', 'hello', 'application/octet-stream', 415, Errors.unsupportedMediaType.code, /not a PNG, JPEG, WebP or SVG/],
      ['a JPEG declared PNG', JPEG, 'image/png', 415, Errors.unsupportedMediaType.code, /^The logo is declared image\/png but its bytes are a JPEG image \(image\/jpeg\)$/],
      ['an SVG declared PNG', SAFE_SVG, 'image/png', 415, Errors.unsupportedMediaType.code, /declared image\/png but its bytes are an SVG/],
      ['too large', Buffer.concat([PNG, Buffer.alloc(IMAGE_LIMITS.logo)]), 'image/png', 413, Errors.bodyTooLarge.code, /^The logo is larger than 512 KiB; make it smaller$/],
      ['empty', Buffer.alloc(0), 'image/png', 422, Errors.betasGeneral.code, /empty/],
    ];
    for (const [what, body, type, status, code, message] of cases) {
      const response = await upload(beta.id, 'logo', body, type);
      assert.equal(response.status, status, `${what}: ${JSON.stringify(response.body)}`);
      assert.equal(response.body.errors[0].code, code, what);
      assert.match(response.body.errors[0].message, message, what);
    }
    const lie = multipartImage(PNG, 'image/webp');
    assert.equal((await upload(beta.id, 'hero', lie.body, lie.contentType)).status, 415, 'a multipart part that lies');
    const json = await ctx.request('PUT', `/api/v2/betas/${beta.id}/page/logo`, { body: { file: 'x' } });
    assert.equal(json.status, 400);
    assert.match(json.body.errors[0].message, /Send the file as the image as the body/);
    assert.equal((await upload(999999, 'logo', PNG, 'image/png')).status, 404);
    assert.deepEqual(await storedImages(beta.id), []);
    assert.deepEqual((await ctx.request('GET', `/api/v2/betas/${beta.id}`)).body.page, DEFAULT_PAGE);
  });

  test('an SVG is parsed: scripts, event handlers, foreignObject and external references are refused; a safe one is served under a CSP that runs nothing', async () => {
    const beta = await ctx.createBeta();
    const svg = (inner: string, attributes = '') => `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${attributes}>${inner}</svg>`;
    const hostile: [string, string][] = [
      [svg('<script>alert(1)</script>'), 'it contains a <script> element'],
      [svg('<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>'), 'it contains a <svg:script> element'],
      [svg('', ' onload="alert(1)"'), 'the <svg> element has an event handler (onload)'],
      [svg('<rect ONCLICK="alert(1)"/>'), 'the <rect> element has an event handler (ONCLICK)'],
      [svg('<foreignObject><div/></foreignObject>'), 'it contains a <foreignObject> element'],
      [svg('<image href="https://tracker.example/p.png"/>'), 'the <image> element has an external reference (href="https://tracker.example/p.png")'],
      [svg('<a xlink:href="&#106;avascript:alert(1)"><text>x</text></a>'), 'the <a> element has an external reference (xlink:href="&#106;avascript:alert(1)")'],
      [svg('<rect fill="url(https://tracker.example/f)"/>'), "the <rect> element's fill has an external reference url(https://tracker.example/f)"],
      [svg('<style>@import "https://fonts.example/a.css";</style>'), 'it contains an @import'],
      [svg('<style><![CDATA[rect{fill:url(//tracker.example/f)}]]></style>'), 'it contains an external reference url(//tracker.example/f)'],
      [svg('<set attributeName="xlink:href" to="https://x.example"/>'), 'the <set> element animates a link'],
      [`<?xml-stylesheet href="https://x.example/a.css"?>${svg('')}`, 'it contains the processing instruction <?xml-stylesheet>'],
      [`<!DOCTYPE svg [<!ENTITY x "y">]>${svg('')}`, 'the SVG declares a DOCTYPE'],
    ];
    for (const [body, problem] of hostile) {
      const response = await upload(beta.id, 'logo', body, 'image/svg+xml');
      assert.equal(response.status, 422, body);
      assert.deepEqual(response.body.errors, [
        { code: Errors.betasGeneral.code, message: `The logo SVG is refused: ${problem}. Remove scripts, event handlers and external references` },
      ], body);
    }
    assert.deepEqual(await storedImages(beta.id), []);

    const safe = await upload(beta.id, 'logo', SAFE_SVG, 'image/svg+xml');
    assert.equal(safe.status, 200, JSON.stringify(safe.body));
    const served = await ctx.app.inject({ method: 'GET', url: `/images/${digest(SAFE_SVG)}.svg` });
    assert.equal(served.statusCode, 200);
    assert.equal(served.body, SAFE_SVG);
    assert.equal(served.headers['content-type'], 'image/svg+xml');
    assert.equal(served.headers['content-security-policy'], "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox");
    assert.equal(served.headers['x-content-type-options'], 'nosniff');
  });

  test('the signup page wears the design: copy, Markdown rendered safely, colours as a theme, logo, hero, button and link-preview tags', async () => {
    const beta = await ctx.createBeta({}, 'Rocket');
    await createTester(ctx, beta.id, {});
    await createTester(ctx, beta.id, {});
    await patchPage(beta.id, {
      headline: 'Fly with us',
      description: 'We **launch** soon. <script>alert(1)</script> [bad](javascript:alert(1)) [site](https://rocket.example)',
      brand_color: '#7c3aed',
      background_color: '#fdf4ff',
      button_text: 'Count me in',
    });
    await upload(beta.id, 'logo', PNG, 'image/png');
    await upload(beta.id, 'hero', JPEG, 'image/jpeg');
    const page = await visit(ctx, 'GET', `/b/${beta.id}`);
    assert.equal(page.status, 200);
    const body: string = page.body;
    assert.ok(body.includes('<h1>Fly with us</h1>'));
    assert.ok(body.includes('<title>Fly with us</title>'));
    assert.ok(body.includes('<div class="description" id="page-description"><p>We <strong>launch</strong> soon. &lt;script&gt;alert(1)&lt;/script&gt; [bad](javascript:alert(1)) <a href="https://rocket.example" rel="nofollow noopener noreferrer" target="_blank">site</a></p>\n</div>'));
    assert.ok(!body.includes('<script>alert'));
    assert.ok(!body.includes('href="javascript:'));
    assert.ok(body.includes('<link rel="stylesheet" href="/assets/theme/7c3aed-fdf4ff.css">'));
    assert.ok(body.includes(`<img class="logo" id="page-logo" src="/images/${digest(PNG)}.png" alt="Rocket">`));
    assert.ok(body.includes(`<img class="hero" id="page-hero" src="/images/${digest(JPEG)}.jpg" alt="">`));
    assert.ok(body.includes('<button type="submit" id="signup-submit">Count me in</button>'));
    assert.ok(body.includes('<p class="waiting" id="waiting-count">Join 2 people waiting.</p>'));
    assert.ok(body.includes('<meta property="og:title" content="Fly with us">'));
    assert.ok(body.includes('<meta property="og:description" content="We launch soon. &lt;script&gt;alert(1)&lt;/script&gt; [bad](javascript:alert(1)) site">'));
    assert.ok(body.includes(`<meta property="og:image" content="${ctx.config.publicUrl}/images/${digest(JPEG)}.jpg">`));
    assert.ok(body.includes(`<meta property="og:url" content="${ctx.config.publicUrl}/b/${beta.id}">`));
    assert.ok(body.includes('<meta name="twitter:card" content="summary_large_image">'));
    assert.ok(body.includes(`<meta name="twitter:image" content="${ctx.config.publicUrl}/images/${digest(JPEG)}.jpg">`));

    const theme = await visit(ctx, 'GET', '/assets/theme/7c3aed-fdf4ff.css');
    assert.equal(theme.status, 200);
    assert.equal(theme.headers['content-type'], 'text/css; charset=utf-8');
    assert.equal(theme.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(theme.body, ':root{--brand:#7c3aed;--on-brand:#ffffff;--bg:#fdf4ff;--on-bg:#111827;--accent:#7c3aed}\n');
    for (const file of ['7C3AED-fdf4ff.css', '7c3aed.css', 'x-y.css']) assert.equal((await visit(ctx, 'GET', `/assets/theme/${file}`)).status, 404, file);

    await patchPage(beta.id, { show_waiting_count: false });
    assert.ok(!(await visit(ctx, 'GET', `/b/${beta.id}`)).body.includes('waiting-count'));
  });

  test('without a design the pages keep the default look: the beta name, the default copy, no theme, no images', async () => {
    const beta = await ctx.createBeta({}, 'Plain');
    const body: string = (await visit(ctx, 'GET', `/b/${beta.id}`)).body;
    assert.ok(body.includes('<h1>Plain</h1>'));
    assert.ok(body.includes('<p class="lead">Join the waitlist.</p>'));
    assert.ok(body.includes('<p class="waiting" id="waiting-count">Be the first to join.</p>'));
    assert.ok(!body.includes('class="masthead"'), 'no masthead without a logo: the heading names the beta');
    assert.ok(body.includes('<button type="submit" id="signup-submit">Join the waitlist</button>'));
    assert.ok(!body.includes('/assets/theme/'));
    assert.ok(!body.includes('<img'));
    assert.ok(body.includes('<meta name="twitter:card" content="summary">'));
    assert.ok(!body.includes('og:image'));
  });

  test('every owner-written text is escaped on every page: signup, signed-up, status, confirmation', async () => {
    const beta = await ctx.createBeta({}, `${HOSTILE} beta`);
    await upload(beta.id, 'logo', PNG, 'image/png');
    await patchPage(beta.id, {
      headline: `${HOSTILE} headline`,
      description: `${HOSTILE} description`,
      button_text: `${HOSTILE} go`,
      thank_you_headline: `${HOSTILE} thanks`,
      thank_you_text: `${HOSTILE} text`,
      share_message: `${HOSTILE} share`,
    });
    const escaped = '&lt;img src=x onerror=alert(1)&gt;';
    const signup: string = (await visit(ctx, 'GET', `/b/${beta.id}`)).body;
    for (const text of ['headline', 'description', 'go', 'beta']) assert.ok(signup.includes(`${escaped} ${text}`), text);
    assert.ok(signup.includes(`alt="${escaped} beta"`), 'the logo\'s alternative text');
    const email = uniqueEmail('escape');
    const done = await visit(ctx, 'POST', `/b/${beta.id}`, { form: formOf({ email }) });
    assert.equal(done.status, 200);
    assert.ok(done.body.includes(`<h1>${escaped} thanks</h1>`));
    assert.ok(done.body.includes(`${escaped} text</p>`));
    // The share message reaches the share links' URLs encoded.
    assert.ok(done.body.includes('https://wa.me/?text=%3Cimg+src%3Dx+onerror%3Dalert%281%29%3E+share'));
    const tester = await ctx.database.db.selectFrom('testers').select(['referral_code', 'uuid']).where('email_normalized', '=', email).executeTakeFirstOrThrow();
    const status: string = (await visit(ctx, 'GET', `/r/${tester.referral_code}?check=${tester.uuid}`)).body;
    assert.ok(status.includes(`<h1>${escaped} beta</h1>`));
    assert.ok(status.includes('%3Cimg+src%3Dx+onerror%3Dalert%281%29%3E+share'));
    // The confirmation page of a double opt-in beta wearing the same design.
    await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { settings: { double_opt_in: true } } });
    const unconfirmed = uniqueEmail('escape-confirm');
    await visit(ctx, 'POST', `/b/${beta.id}`, { form: formOf({ email: unconfirmed }) });
    const pending = await ctx.database.db.selectFrom('testers').select('id').where('email_normalized', '=', unconfirmed).executeTakeFirstOrThrow();
    const { token } = await ctx.database.db.selectFrom('email_confirmations').select('token').where('tester_id', '=', pending.id).executeTakeFirstOrThrow();
    const confirm: string = (await visit(ctx, 'GET', `/confirm/${token}`)).body;
    assert.ok(confirm.includes(`to join the ${escaped} beta waitlist.`));
    assert.ok(confirm.includes(`alt="${escaped} beta"`));
    for (const [html, address] of [[signup, email], [done.body, email], [status, email], [confirm, unconfirmed]]) {
      assert.ok(!html.includes(HOSTILE), 'no owner text unescaped');
      assert.ok(!html.includes(address), 'no address whole');
    }
  });

  test('the signed-up page links to the status page and masks the address; the status page masks it too', async () => {
    const beta = await ctx.createBeta({}, 'Rocket');
    const email = uniqueEmail('status');
    const done = await visit(ctx, 'POST', `/b/${beta.id}`, { form: formOf({ email }) });
    const tester = await ctx.database.db.selectFrom('testers').select(['referral_code', 'uuid']).where('email_normalized', '=', email).executeTakeFirstOrThrow();
    const statusLink = `${ctx.config.publicUrl}/r/${tester.referral_code}?check=${tester.uuid}`;
    assert.ok(done.body.includes(`<a id="status-page-link" href="${statusLink}">See your status page</a>`));
    const status = await visit(ctx, 'GET', `/r/${tester.referral_code}?check=${tester.uuid}`);
    assert.ok(status.body.includes(`<p class="lead">Your standing, ${maskedEmail(email)}</p>`));
    assert.ok(!status.body.includes(email));

    const optIn = await ctx.createBeta({ double_opt_in: true }, 'Careful');
    const unconfirmed = uniqueEmail('unconfirmed');
    const waiting = await visit(ctx, 'POST', `/b/${optIn.id}`, { form: formOf({ email: unconfirmed }) });
    assert.ok(waiting.body.includes(`We sent a confirmation link to <strong>${maskedEmail(unconfirmed)}</strong>.`));
    assert.ok(!waiting.body.includes(unconfirmed));
  });

  test('a visitor through a share link sees who invited them by first name; never an address, and nothing for an unknown code or another beta\'s', async () => {
    const beta = await ctx.createBeta({}, 'Rocket');
    const other = await ctx.createBeta({}, 'Other');
    const ann = await createTester(ctx, beta.id, { email: 'ann.lee@example.com', profile: { first_name: 'Ann', last_name: 'Lee' } });
    const nameless = await createTester(ctx, beta.id, { email: 'nameless@example.com' });
    const addressed = await createTester(ctx, beta.id, { email: 'typed@example.com', profile: { first_name: 'typed@example.com' } });
    const elsewhere = await createTester(ctx, other.id, { profile: { first_name: 'Eve' } });
    const invited = await visit(ctx, 'GET', `/b/${beta.id}?r=${ann.referral_code}`);
    assert.ok(invited.body.includes('<p class="invited" id="invited-by"><strong>Ann</strong> invited you</p>'));
    assert.ok(!invited.body.includes('Lee'), 'the first name only');
    assert.ok(!invited.body.includes('ann.lee@'));
    // Through the share link's cookie too.
    const cookie = await visit(ctx, 'GET', `/b/${beta.id}`, { headers: { cookie: `prelaunch_r_${beta.id}=${ann.referral_code}` } });
    assert.ok(cookie.body.includes('<strong>Ann</strong> invited you'));
    for (const code of [nameless.referral_code, addressed.referral_code, elsewhere.referral_code, 'UNKNOWN1']) {
      const page = await visit(ctx, 'GET', `/b/${beta.id}?r=${code}`);
      assert.equal(page.status, 200);
      assert.ok(!page.body.includes('invited-by'), code);
      assert.ok(!page.body.includes('@example.com'), code);
    }
  });

  test('the embed\'s form definition carries the design as plain text, its colours with their text colours, and the logo\'s absolute URL', async () => {
    const beta = await ctx.createBeta({}, 'Rocket');
    const plain = await visit(ctx, 'GET', `/public/betas/${beta.id}/form`);
    assert.deepEqual(plain.body.page, {
      headline: null, description: null, button_text: null, thank_you_headline: null, thank_you_text: null, share_message: null,
      brand_color: '#2563eb', brand_text_color: '#ffffff', logo_url: null, waiting: 0,
    });
    await createTester(ctx, beta.id, {});
    await patchPage(beta.id, { headline: HOSTILE, description: 'We **launch**\n\n[soon](https://rocket.example)', brand_color: '#fbbf24', button_text: 'Go', show_waiting_count: false });
    await upload(beta.id, 'logo', PNG, 'image/png');
    const designed = await visit(ctx, 'GET', `/public/betas/${beta.id}/form`);
    assert.deepEqual(designed.body.page, {
      headline: HOSTILE, description: 'We launch soon', button_text: 'Go', thank_you_headline: null, thank_you_text: null, share_message: null,
      brand_color: '#fbbf24', brand_text_color: '#111827', logo_url: `${ctx.config.publicUrl}/images/${digest(PNG)}.png`, waiting: null,
    });
  });
});
