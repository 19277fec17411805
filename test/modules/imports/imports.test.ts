// Importing testers from a CSV file through the API: the dry run, the import, and every kind of
// bad line or file, each with its report and what was (or was not) stored.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext } from '../../support/context.ts';
import { assertCountersExact } from '../testers/support.ts';
import { Errors } from '../../../src/primitives/errors.ts';
import { importFile, multipart, postFile, testersOf } from './support.ts';

const NOW = '2026-11-22T09:15:00Z';
const STORED_NOW = '2026-11-22T09:15:00.000Z';
const REPORT = ['id', 'status', 'dry_run', 'send_emails', 'rows_total', 'rows_accepted', 'rows_rejected', 'rows_duplicate', 'referrals_linked', 'errors', 'errors_count', 'warnings', 'warnings_count', 'failure', 'created_at', 'updated_at', 'finished_at'];

/** The counts of a report, in one comparable line. */
const counts = (report: any) => ({
  total: report.rows_total,
  accepted: report.rows_accepted,
  rejected: report.rows_rejected,
  duplicate: report.rows_duplicate,
  linked: report.referrals_linked,
});

describe('imports', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());
  beforeEach(() => ctx.clock.set(NOW));

  async function storedImports(betaId: number) {
    return ctx.database.db.selectFrom('imports').selectAll().where('beta_id', '=', betaId).execute();
  }

  test('a dry run reports accepted, rejected and duplicate lines and the referral links, and stores no tester', async () => {
    const beta = await ctx.createBeta();
    await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: 'old@example.com' } } });
    const before = await ctx.request('GET', `/api/v2/betas/${beta.id}`);
    const csv = [
      'email,first_name,referrer_id',
      'ann@example.com,Ann,bob@example.com', // a referrer on a later line
      'bob@example.com,Bob,old@example.com', // a referrer in the beta
      'not-an-address,Zed,',
      'ANN@example.com,Again,', // a duplicate in the file
      'old@example.com,Old,', // a duplicate of the beta's tester
      'cy@example.com,Cy,nobody@example.com', // an unknown referrer
    ].join('\n');
    const created = await postFile(ctx, beta.id, csv, 'dry_run=true');
    assert.equal(created.status, 202);
    assert.deepEqual(Object.keys(created.body), REPORT);
    assert.deepEqual([created.body.status, created.body.dry_run, created.body.rows_total], ['queued', true, 0]);
    assert.equal(await ctx.runJobs(), 1);
    const report = (await ctx.request('GET', `/api/v2/betas/${beta.id}/imports/${created.body.id}`)).body;
    assert.equal(report.status, 'completed');
    assert.deepEqual(counts(report), { total: 6, accepted: 3, rejected: 1, duplicate: 2, linked: 2 });
    assert.deepEqual(report.errors, [{ line: 4, message: 'Email "not-an-address" is not a valid e-mail address' }]);
    assert.equal(report.errors_count, 1);
    assert.deepEqual(report.warnings, [
      { line: 5, message: 'the address ANN@example.com is on line 2 already: this line would be skipped' },
      { line: 6, message: 'a tester with the address old@example.com is in the beta already: this line would be skipped' },
      { line: 7, message: 'the referrer "nobody@example.com" is neither in the file nor in the beta: it would be imported without a referrer' },
    ]);
    assert.deepEqual((await testersOf(ctx, beta.id)).map((t) => t.email), ['old@example.com']);
    assert.deepEqual((await ctx.request('GET', `/api/v2/betas/${beta.id}`)).body, before.body);
    const [stored] = await storedImports(beta.id);
    assert.equal(stored!.status, 'completed');
    assert.deepEqual(await ctx.database.db.selectFrom('import_chunks').selectAll().execute(), [], 'the file is not kept once done');
  });

  test('an import stores each tester with the fields its columns name, imported unless the file says otherwise', async () => {
    const beta = await ctx.createBeta({ signup_points: 2, referral_points: 10 });
    const question = (await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, { body: { kind: 'text', prompt: 'Favourite colour?' } })).body;
    const other = (await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, { body: { kind: 'text', prompt: 'Team size?' } })).body;
    const csv =
      `email,first_name,profile.last_name,status,created_at,points,groups,custom_var1,profile.country,responses.${question.id},Team size?,referral_code\n` +
      'ann@example.com,Ann,Lee,applied,2024-01-02T03:04:05Z,7," vip, beta ,vip",x1,fr,Blue,3,annCODE\n' +
      'bob@example.com,Bob,,,2024-01-01,,,,,,,\n';
    const report = await importFile(ctx, beta.id, csv);
    assert.deepEqual(counts(report), { total: 2, accepted: 2, rejected: 0, duplicate: 0, linked: 0 });
    assert.deepEqual([report.errors, report.warnings], [[], []]);
    const [ann, bob] = await testersOf(ctx, beta.id);
    assert.deepEqual(
      [ann!.email, ann!.first_name, ann!.last_name, ann!.status, ann!.created_at, ann!.applied_at, ann!.points, ann!.groups, ann!.custom_var1, ann!.country, ann!.referral_code, ann!.name_search],
      ['ann@example.com', 'Ann', 'Lee', 'applied', '2024-01-02T03:04:05.000Z', '2024-01-02T03:04:05.000Z', 9, 'vip,beta', 'x1', 'FR', 'annCODE', 'ann lee'],
    );
    assert.deepEqual([bob!.status, bob!.created_at, bob!.imported_at, bob!.applied_at, bob!.points, bob!.referral_code.length], ['imported', '2024-01-01T00:00:00.000Z', STORED_NOW, null, 0, 5]);
    const answers = await ctx.database.db.selectFrom('tester_responses').select(['tester_id', 'question_id', 'answer']).orderBy('question_id').execute();
    assert.deepEqual(answers, [{ tester_id: ann!.id, question_id: question.id, answer: 'Blue' }, { tester_id: ann!.id, question_id: other.id, answer: '3' }]);
    const points = await ctx.database.db.selectFrom('points').select(['tester_id', 'quantity', 'activity']).where('beta_id', '=', beta.id).orderBy('id').execute();
    assert.deepEqual(points, [{ tester_id: ann!.id, quantity: 7, activity: 'bonus' }, { tester_id: ann!.id, quantity: 2, activity: 'signup' }]);
    await assertCountersExact(ctx, beta.id, assert);
    const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?name=lee`);
    assert.deepEqual(shown.body.map((t: any) => t.email), ['ann@example.com'], 'the name search finds an imported tester');
    assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/emails`)).body.length, 0, 'no e-mail unless asked for');
  });

  test('join order: applied testers keep the order of the file\'s dates, or of the file', async () => {
    const beta = await ctx.createBeta({ waitlist_order: 'signup_time' });
    const csv = 'email,status,created_at\nc@example.com,applied,2024-03-01\na@example.com,applied,2024-01-01\nb@example.com,applied,2024-02-01\nd@example.com,applied,\ne@example.com,applied,\n';
    await importFile(ctx, beta.id, csv);
    const listed = (await ctx.request('GET', `/api/v2/betas/${beta.id}/testers`)).body;
    const byPosition = [...listed].sort((x: any, y: any) => x.waitlist_position - y.waitlist_position).map((t: any) => t.email);
    assert.deepEqual(byPosition, ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com', 'e@example.com']);
  });

  test('the same file twice adds nothing: its addresses are duplicates, not errors', async () => {
    const beta = await ctx.createBeta();
    const csv = 'email,status,referrer_id\na@example.com,applied,\nb@example.com,applied,a@example.com\n';
    const first = await importFile(ctx, beta.id, csv);
    const rows = await testersOf(ctx, beta.id);
    const second = await importFile(ctx, beta.id, csv);
    assert.deepEqual([counts(first), counts(second)], [
      { total: 2, accepted: 2, rejected: 0, duplicate: 0, linked: 1 },
      { total: 2, accepted: 0, rejected: 0, duplicate: 2, linked: 0 },
    ]);
    assert.equal(second.status, 'completed');
    assert.deepEqual(await testersOf(ctx, beta.id), rows);
    await assertCountersExact(ctx, beta.id, assert);
  });

  test('referral credit follows the referral rules: at once for a tester who joined, when an imported one joins', async () => {
    const beta = await ctx.createBeta({ referral_points: 10, signup_points: 0 });
    const csv = 'email,status,referrer_id\nref@example.com,applied,\njoined@example.com,applied,ref@example.com\npending@example.com,imported,ref@example.com\n';
    const report = await importFile(ctx, beta.id, csv);
    assert.equal(report.referrals_linked, 2);
    const [ref, joined, pending] = await testersOf(ctx, beta.id);
    assert.deepEqual([joined!.referrer_id, pending!.referrer_id], [ref!.id, ref!.id]);
    assert.deepEqual([ref!.share_signups_count, ref!.points, joined!.referral_credited_at, pending!.referral_credited_at], [1, 10, STORED_NOW, null]);
    const moved = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${pending!.id}`, { body: { tester: { status: 'applied' } } });
    assert.equal(moved.status, 200);
    const credited = (await testersOf(ctx, beta.id))[0]!;
    assert.deepEqual([credited.share_signups_count, credited.points], [2, 20]);
    await assertCountersExact(ctx, beta.id, assert);
  });

  test('referrers in a loop, naming themselves, or unknown: each line imported without one, with a warning', async () => {
    const beta = await ctx.createBeta();
    const csv = [
      'email,referrer_id,referral_code',
      'a@example.com,c@example.com,codeA',
      'b@example.com,codeA,codeB',
      'c@example.com,b@example.com,codeC', // a → c → b → a
      'self@example.com,SELF@example.com,',
      'me@example.com,codeME,codeME',
      'lost@example.com,zzzzz,',
    ].join('\r\n');
    const dry = await importFile(ctx, beta.id, csv, 'dry_run=true');
    const report = await importFile(ctx, beta.id, csv);
    const loop = 'was referred by this tester, directly or through others: a loop, so imported without a referrer';
    assert.deepEqual(report.warnings, [
      { line: 4, message: `the referrer "b@example.com" ${loop}` },
      { line: 5, message: 'the referrer "SELF@example.com" is the tester itself: imported without a referrer' },
      { line: 6, message: 'the referrer "codeME" is the tester itself: imported without a referrer' },
      { line: 7, message: 'the referrer "zzzzz" is neither in the file nor in the beta: imported without a referrer' },
    ]);
    assert.deepEqual(dry.warnings.map((w: any) => w.line), [4, 5, 6, 7], 'the dry run finds the same');
    assert.deepEqual([dry.referrals_linked, report.referrals_linked], [2, 2]);
    const testers = await testersOf(ctx, beta.id);
    const id = (email: string) => testers.find((t) => t.email === email)!.id;
    assert.deepEqual(testers.map((t) => [t.email, t.referrer_id]), [
      ['a@example.com', id('c@example.com')],
      ['b@example.com', id('a@example.com')],
      ['c@example.com', null],
      ['self@example.com', null],
      ['me@example.com', null],
      ['lost@example.com', null],
    ]);
  });

  test('every kind of bad line is rejected with its line and reason; the rest is imported', async () => {
    const beta = await ctx.createBeta();
    const csv = [
      'email,status,profile.country,points,created_at,first_name',
      ',applied,,,,', // line 2
      'bad@,applied,,,,', // line 3
      'a@example.com,zombie,,,,', // line 4
      'b@example.com,unconfirmed,,,,', // line 5: double opt-in is off
      'c@example.com,,Narnia,,,', // line 6
      'd@example.com,,,-3,,', // line 7
      'e@example.com,,,,last tuesday,', // line 8
      `f@example.com,,,,,${'x'.repeat(300)}`, // line 9
      'ok@example.com,,,,,"Multi', // lines 10-11: a quoted newline
      'line"',
      'g@example.com,,,,,"never closed', // line 12: the open quote swallows the last line
      'h@example.com,,,,,',
    ].join('\n');
    const report = await importFile(ctx, beta.id, csv);
    assert.deepEqual(counts(report), { total: 10, accepted: 1, rejected: 9, duplicate: 0, linked: 0 });
    assert.deepEqual(report.errors, [
      { line: 2, message: 'the e-mail is empty' },
      { line: 3, message: 'Email "bad@" is not a valid e-mail address' },
      { line: 4, message: 'status "zombie" cannot be imported; use one of applied, invited, active, imported, unconfirmed' },
      { line: 5, message: 'status unconfirmed needs double opt-in, which this beta has switched off' },
      { line: 6, message: 'profile.country must be a two-letter ISO 3166-1 code (e.g. "US"), got "Narnia"' },
      { line: 7, message: 'points "-3" must be a whole number from 0 to 1000000000' },
      { line: 8, message: 'created_at "last tuesday" is not a date (use ISO 8601, such as 2024-05-01T09:30:00Z)' },
      { line: 9, message: 'profile.first_name must be at most 255 characters' },
      { line: 12, message: 'a quoted field starting on line 12 is never closed: the line cannot be read' },
    ]);
    assert.deepEqual((await testersOf(ctx, beta.id)).map((t) => [t.email, t.first_name]), [['ok@example.com', 'Multi\nline']]);
    await assertCountersExact(ctx, beta.id, assert);
  });

  test('points are decimal digits: hexadecimal, exponents and fractions are refused', async () => {
    const beta = await ctx.createBeta();
    // Cells are trimmed, as every cell is: " 12" is 12.
    const csv = ['email,points', 'hex@example.com,0x10', 'exp@example.com,1e3', 'fraction@example.com,1.0', 'fine@example.com, 12'].join('\n');
    const report = await importFile(ctx, beta.id, csv);
    assert.deepEqual(counts(report), { total: 4, accepted: 1, rejected: 3, duplicate: 0, linked: 0 });
    assert.deepEqual(report.errors, [
      { line: 2, message: 'points "0x10" must be a whole number from 0 to 1000000000' },
      { line: 3, message: 'points "1e3" must be a whole number from 0 to 1000000000' },
      { line: 4, message: 'points "1.0" must be a whole number from 0 to 1000000000' },
    ]);
    const stored = await ctx.database.db.selectFrom('points').innerJoin('testers', 'testers.id', 'points.tester_id').select(['testers.email', 'points.quantity']).where('points.beta_id', '=', beta.id).where('points.activity', '=', 'bonus').execute();
    assert.deepEqual(stored, [{ email: 'fine@example.com', quantity: 12 }]);
  });

  test('a line with more fields than the header is imported with a warning naming its line', async () => {
    const beta = await ctx.createBeta();
    const csv = ['email,first_name', 'ann@example.com,Ann', 'bob@example.com,Bob,extra', '', 'cy@example.com,Cy,one,"two\nlines"', 'di@example.com,Di'].join('\n');
    const report = await importFile(ctx, beta.id, csv);
    assert.deepEqual(counts(report), { total: 4, accepted: 4, rejected: 0, duplicate: 0, linked: 0 });
    assert.deepEqual(report.warnings, [
      { line: 3, message: 'the line has 3 fields and the header 2: the last one is ignored' },
      { line: 5, message: 'the line has 4 fields and the header 2: the last 2 are ignored' },
    ]);
    assert.equal(report.warnings_count, 2);
    assert.deepEqual((await testersOf(ctx, beta.id)).map((t) => [t.email, t.first_name]), [
      ['ann@example.com', 'Ann'], ['bob@example.com', 'Bob'], ['cy@example.com', 'Cy'], ['di@example.com', 'Di'],
    ]);
    const dry = await importFile(ctx, (await ctx.createBeta()).id, csv, 'dry_run=true');
    assert.deepEqual([dry.rows_accepted, dry.warnings], [4, report.warnings], 'a dry run warns the same');
  });

  test('errors are listed up to 100 and counted beyond', async () => {
    const beta = await ctx.createBeta();
    const csv = `email\n${Array.from({ length: 250 }, (_, i) => `bad${i}`).join('\n')}\nfine@example.com\n`;
    const report = await importFile(ctx, beta.id, csv);
    assert.deepEqual([report.rows_rejected, report.errors_count, report.errors.length, report.rows_accepted], [250, 250, 100, 1]);
    assert.deepEqual(report.errors[99], { line: 101, message: 'Email "bad99" is not a valid e-mail address' });
  });

  test('a byte-order mark, CRLF, a header only, unknown columns: each read or reported', async () => {
    const beta = await ctx.createBeta();
    const bom = await importFile(ctx, beta.id, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('email,shoe_size\r\nbom@example.com,44\r\n')]));
    assert.deepEqual([bom.rows_accepted, bom.warnings], [1, [{ line: 1, message: 'column "shoe_size" is not imported: it names no field of a tester (give a mapping to import it)' }]]);
    const headerOnly = await importFile(ctx, beta.id, 'email,first_name\r\n');
    assert.deepEqual([headerOnly.status, headerOnly.rows_total, headerOnly.warnings], ['completed', 0, [{ line: 1, message: 'the file has a header and no lines of testers' }]]);
    assert.deepEqual((await testersOf(ctx, beta.id)).map((t) => t.email), ['bom@example.com']);
  });

  test('a file that cannot be imported is refused at once, with nothing kept', async () => {
    const beta = await ctx.createBeta();
    const refused = async (file: string | Buffer, query: string, status: number, code: number, message: string) => {
      const response = await postFile(ctx, beta.id, file, query);
      assert.deepEqual([response.status, response.body], [status, { errors: [{ code, message }] }], message);
    };
    const general = Errors.testersGeneral.code;
    await refused('', '', 422, general, 'The file is empty: it needs a header line naming its columns (such as email,first_name), then a line per tester');
    await refused('name\nAnn\n', '', 422, general, 'the file has no e-mail column: name one "email", or map a column to email');
    await refused('email,"name\r1,\r', 'dry_run=true', 422, general,
      'The header line opens a quoted field that is never closed (line 1): its columns cannot be read. Close the quote and import the file again');
    await refused('email,responses.999\n', '', 422, general, 'column "responses.999" names no question of this beta');
    await refused(Buffer.from('email,name\na@example.com,Ren\xe9e\n', 'latin1'), '', 400, Errors.malformedRequest.code,
      'The file is not UTF-8 text: line 2 has a byte that is not. Save it as "CSV UTF-8" (or convert it to UTF-8) and import it again');
    await refused('email\n', 'mapping=%7Bnope', 422, general, 'mapping must be a JSON object naming, for a column of the file, the field it fills or null, such as {"E-mail":"email","Notes":null}');
    await refused('email\n', 'preset=mailchimp', 422, general, 'preset must be one of prefinery, growsurf, viralloops, kickofflabs, waitlister, getwaitlist; got "mailchimp"');
    const json = await ctx.request('POST', `/api/v2/betas/${beta.id}/imports`, { body: { email: 'a@example.com' } });
    assert.deepEqual([json.status, json.body], [400, { errors: [{ code: Errors.malformedRequest.code, message: 'Send the file as a text/csv body, or as a multipart/form-data field named file' }] }]);
    assert.deepEqual(await storedImports(beta.id), []);
    assert.deepEqual(await ctx.database.db.selectFrom('import_chunks').selectAll().execute(), []);
    assert.deepEqual(await ctx.database.db.selectFrom('outbox_jobs').select('kind').where('kind', '=', 'import.run').execute(), []);
  });

  test('a multipart upload, a mapping and a preset', async () => {
    const beta = await ctx.createBeta();
    const form = multipart('E-mail,Given name,Notes\nform@example.com,Fran,hello\n');
    const mapping = encodeURIComponent(JSON.stringify({ 'E-mail': 'email', 'Given name': 'first_name', Notes: null }));
    const created = await postFile(ctx, beta.id, form.body, `mapping=${mapping}`, form.contentType);
    assert.equal(created.status, 202);
    await ctx.runJobs();
    const preset = await importFile(ctx, beta.id, 'Email,First Name,Last Name,Referred By,Created At\np@example.com,Pat,Doe,form@example.com,2024-02-03 04:05:06 UTC\n', 'preset=prefinery');
    assert.deepEqual([preset.rows_accepted, preset.referrals_linked, preset.warnings], [1, 1, []]);
    const testers = await testersOf(ctx, beta.id);
    assert.deepEqual(testers.map((t) => [t.email, t.first_name, t.last_name, t.created_at]), [
      ['form@example.com', 'Fran', null, STORED_NOW],
      ['p@example.com', 'Pat', 'Doe', '2024-02-03T04:05:06.000Z'],
    ]);
    const noFile = multipart('email\n', 'attachment');
    const refused = await postFile(ctx, beta.id, noFile.body, '', noFile.contentType);
    assert.deepEqual([refused.status, refused.body.errors[0].message], [400, 'The multipart body has no file field named file']);
  });

  test('send_emails queues the e-mail of each imported tester\'s status; none without it', async () => {
    const beta = await ctx.createBeta();
    const report = await importFile(ctx, beta.id, 'email,status\nmailed@example.com,invited\n', 'send_emails=true');
    assert.equal(report.send_emails, true);
    const messages = (await ctx.request('GET', `/api/v2/betas/${beta.id}/emails`)).body;
    assert.deepEqual(messages.map((m: any) => [m.to, m.occasion]), [['mailed@example.com', 'invitation']]);
  });

  test('a person erased from the beta is not imported again, in a dry run or an import', async () => {
    const beta = await ctx.createBeta();
    const tester = (await ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { body: { tester: { email: 'gone@example.com' } } })).body;
    const erased = await ctx.request('POST', `/api/v2/betas/${beta.id}/testers/${tester.id}/erase`);
    assert.equal(erased.status, 200);
    const csv = 'email\nGONE@example.com\nkept@example.com\n';
    const refusal = [{ line: 2, message: 'this person asked for their data to be erased: they are not imported again' }];
    for (const query of ['dry_run=true', '']) {
      const report = await importFile(ctx, beta.id, csv, query);
      assert.deepEqual([report.rows_accepted, report.rows_rejected, report.errors], [1, 1, refusal], query);
    }
    // The erased tester stays, anonymized; the address is not brought back.
    assert.deepEqual((await testersOf(ctx, beta.id)).map((t) => t.email).filter((email) => !email.endsWith('@erased.invalid')), ['kept@example.com']);
  });

  test('an Idempotency-Key: the same file again replays the import; another file, or the file as a dry run, is refused', async () => {
    const beta = await ctx.createBeta();
    const key = { 'idempotency-key': 'upload-1' };
    const file = 'email\nkey@example.com\n';
    const first = await postFile(ctx, beta.id, file, '', 'text/csv', key);
    assert.equal(first.status, 202);
    const again = await postFile(ctx, beta.id, file, '', 'text/csv', key);
    assert.deepEqual([again.status, again.body, again.headers['idempotent-replayed']], [202, first.body, 'true']);
    const reused = { errors: [{ code: Errors.idempotencyKeyReused.code, message: Errors.idempotencyKeyReused().message }] };
    const otherFile = await postFile(ctx, beta.id, 'email\nsomeone.else@example.com\n', '', 'text/csv', key);
    assert.deepEqual([otherFile.status, otherFile.body], [422, reused]);
    const dryRun = await postFile(ctx, beta.id, file, 'dry_run=true', 'text/csv', key);
    assert.deepEqual([dryRun.status, dryRun.body], [422, reused]);
    assert.deepEqual((await storedImports(beta.id)).map((i) => i.id), [first.body.id], 'one import, from the first request');

    // Multipart: the fingerprint is of the body as sent, so the same form again replays.
    const form = multipart('email\nform.key@example.com\n');
    const formKey = { 'idempotency-key': 'upload-2' };
    const sent = await postFile(ctx, beta.id, form.body, '', form.contentType, formKey);
    const resent = await postFile(ctx, beta.id, form.body, '', form.contentType, formKey);
    assert.deepEqual([sent.status, resent.status, resent.body.id, resent.headers['idempotent-replayed']], [202, 202, sent.body.id, 'true']);
    const otherForm = multipart('email\nother.form@example.com\n');
    const otherSent = await postFile(ctx, beta.id, otherForm.body, '', otherForm.contentType, formKey);
    assert.deepEqual([otherSent.status, otherSent.body], [422, reused], 'another file in the same form is refused');
    // A refusal that read the whole file is replayed too; the key then names that attempt.
    const empty = await postFile(ctx, beta.id, '', '', 'text/csv', { 'idempotency-key': 'upload-3' });
    const emptyAgain = await postFile(ctx, beta.id, '', '', 'text/csv', { 'idempotency-key': 'upload-3' });
    assert.deepEqual([empty.status, emptyAgain.status, emptyAgain.headers['idempotent-replayed']], [422, 422, 'true']);
    await ctx.runJobs();
    assert.deepEqual((await testersOf(ctx, beta.id)).map((t) => t.email).sort(), ['form.key@example.com', 'key@example.com']);
  });

  test('a multipart body cut short is refused, whichever part it cuts, and the server goes on', async () => {
    const beta = await ctx.createBeta();
    for (const field of ['file', 'attachment']) {
      const form = multipart('email\ncut@example.com\n', field);
      const cut = form.body.slice(0, form.body.lastIndexOf('\r\n--'));
      const refused = await postFile(ctx, beta.id, cut, '', form.contentType);
      assert.equal(refused.status, 400, `${field}: ${JSON.stringify(refused.body)}`);
      assert.equal(refused.body.errors[0].code, Errors.malformedRequest.code);
      assert.match(refused.body.errors[0].message, /^The multipart body/);
    }
    assert.deepEqual(await storedImports(beta.id), []);
    const whole = multipart('email\nwhole@example.com\n');
    assert.equal((await postFile(ctx, beta.id, whole.body, '', whole.contentType)).status, 202);
  });

  test('list and show: newest first; another beta\'s import or an unknown id is not found', async () => {
    const beta = await ctx.createBeta();
    const other = await ctx.createBeta();
    const first = await importFile(ctx, beta.id, 'email\none@example.com\n', 'dry_run=true');
    const second = await importFile(ctx, beta.id, 'email\none@example.com\n');
    const listed = await ctx.request('GET', `/api/v2/betas/${beta.id}/imports`);
    assert.deepEqual([listed.status, listed.body.map((i: any) => i.id)], [200, [second.id, first.id]]);
    for (const path of [`/api/v2/betas/${other.id}/imports/${first.id}`, `/api/v2/betas/${beta.id}/imports/99999`, `/api/v2/betas/${beta.id}/imports/x`]) {
      const response = await ctx.request('GET', path);
      assert.deepEqual([response.status, response.body], [404, { errors: [{ code: Errors.notFound.code, message: 'Import not found' }] }]);
    }
  });
});
