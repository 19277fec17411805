import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestContext, type TestContext, type TestResponse } from '../../support/context.ts';
import { TESTER_FIELDS, codes, createTester, storedBeta, uniqueEmail } from './support.ts';
import { Errors } from '../../../src/primitives/errors.ts';

const ids = (response: TestResponse): number[] => response.body.map((t: { id: number }) => t.id);
const pagination = (response: TestResponse) => JSON.parse(String(response.headers['x-pagination']));
const standing = (tester: any) => [tester.waitlist_position, tester.waitlist_ahead, tester.waitlist_behind, tester.waitlist_length];
const withoutResponses = ({ responses: _responses, ...tester }: Record<string, unknown>) => tester;

describe('read testers', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestContext();
  });
  after(() => ctx.close());

  /** A second company with its own key (and optionally a plan limit). */
  async function otherCompany(maxTesters: number | null = null): Promise<{ key: string; companyId: number }> {
    const company = await ctx.services.accounts.createCompany({ name: `Other ${Math.random()}`, maxTesters });
    const { key } = await ctx.services.accounts.createApiKey({ companyId: company.id });
    return { key, companyId: company.id };
  }

  async function betaOf(key: string, settings: Record<string, unknown> = {}): Promise<{ id: number }> {
    const response = await ctx.request('POST', '/api/v2/betas', { key, body: { name: 'Theirs', homepage_url: 'https://example.com/theirs', settings } });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body;
  }

  // ---- show --------------------------------------------------------------------------------------

  describe('show', () => {
    test('by integer id and by uuid, with and without .json: the same tester, every field, no responses key', async () => {
      const beta = await ctx.createBeta();
      const created = await createTester(ctx, beta.id, { groups: 'vip', profile: { first_name: 'Shown', custom_var3: 'x' } });
      for (const ref of [created.id, `${created.id}.json`, created.uuid, `${created.uuid}.json`, created.uuid.toUpperCase()]) {
        const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${ref}`);
        assert.equal(response.status, 200, `${ref}: ${JSON.stringify(response.body)}`);
        assert.equal('responses' in response.body, false, `${ref}: show has no responses`);
        assert.deepEqual(Object.keys(response.body).sort(), TESTER_FIELDS, String(ref));
        assert.deepEqual(response.body, withoutResponses(created), String(ref));
      }
    });

    test('create and update answers carry responses; show, list and verify do not', async () => {
      const beta = await ctx.createBeta();
      const question = (await ctx.request('POST', `/api/v2/betas/${beta.id}/questions`, { body: { kind: 'text', prompt: 'Why?' } })).body.id;
      const created = await createTester(ctx, beta.id, { status: 'invited', responses: { response: [{ question_id: question, answer: 'Curious' }] } });
      assert.deepEqual(created.responses, [{ question_id: question, question: 'Why?', answer: 'Curious' }]);
      const updated = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${created.id}`, { body: { tester: { groups: 'g' } } });
      assert.equal(updated.status, 200);
      assert.deepEqual(updated.body.responses, [{ question_id: question, question: 'Why?', answer: 'Curious' }]);

      const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${created.id}.json`);
      assert.equal(shown.status, 200);
      assert.deepEqual(shown.body, withoutResponses(updated.body));
      const listed = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers.json`);
      assert.equal(listed.status, 200);
      assert.deepEqual(listed.body, [withoutResponses(updated.body)]);
      const verified = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${created.id}/verify?invitation_code=${created.invitation_code}`);
      assert.equal(verified.status, 200);
      assert.equal('responses' in verified.body, false);
      const stored = await ctx.database.db.selectFrom('tester_responses').selectAll().where('tester_id', '=', created.id).execute();
      assert.equal(stored.length, 1);
    });

    test('404 Tester not found for a missing tester, another beta\'s, another company\'s; never 403', async () => {
      const beta = await ctx.createBeta();
      const sibling = await ctx.createBeta();
      const siblingTester = await createTester(ctx, sibling.id);
      const other = await otherCompany();
      const foreignBeta = await betaOf(other.key);
      const foreignTester = (await ctx.request('POST', `/api/v2/betas/${foreignBeta.id}/testers`, { key: other.key, body: { tester: { email: uniqueEmail() } } })).body;
      assert.ok(foreignTester.id);
      const refs = [
        '99999999', '99999999.json', '00000000-0000-4000-8000-000000000000', 'garbage', '1.5', '-1',
        String(siblingTester.id), siblingTester.uuid, String(foreignTester.id), foreignTester.uuid,
      ];
      for (const ref of refs) {
        for (const suffix of ['', '/checkins', '/verify?invitation_code=abc']) {
          const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${ref}${suffix}`);
          assert.equal(response.status, 404, `${ref}${suffix}`);
          assert.deepEqual(response.body.errors, [{ code: Errors.notFound.code, message: 'Tester not found' }], `${ref}${suffix}`);
        }
      }
      // The tester is still there for its own company.
      const theirs = await ctx.request('GET', `/api/v2/betas/${foreignBeta.id}/testers/${foreignTester.id}`, { key: other.key });
      assert.equal(theirs.status, 200);
    });

    test('404 for another company\'s beta, whether the tester or the list is asked for', async () => {
      const other = await otherCompany();
      const foreignBeta = await betaOf(other.key);
      const foreignTester = (await ctx.request('POST', `/api/v2/betas/${foreignBeta.id}/testers`, { key: other.key, body: { tester: { email: uniqueEmail() } } })).body;
      for (const path of [
        `/api/v2/betas/${foreignBeta.id}/testers/${foreignTester.id}`,
        `/api/v2/betas/${foreignBeta.id}/testers/${foreignTester.uuid}.json`,
        `/api/v2/betas/${foreignBeta.id}/testers`,
        `/api/v2/betas/${foreignBeta.id}/testers.json?email_is=${encodeURIComponent(foreignTester.email)}`,
        `/api/v2/betas/${foreignBeta.id}/testers/${foreignTester.id}/checkins`,
        `/api/v2/betas/99999999/testers`,
      ]) {
        const response = await ctx.request('GET', path);
        assert.equal(response.status, 404, path);
        assert.deepEqual(response.body.errors, [{ code: Errors.notFound.code, message: 'Beta not found' }], path);
      }
    });
  });

  // ---- list: pages -------------------------------------------------------------------------------

  describe('list pages', () => {
    let beta: { id: number };
    let all: number[];
    before(async () => {
      beta = await ctx.createBeta();
      all = [];
      for (let i = 0; i < 30; i++) all.push((await createTester(ctx, beta.id)).id);
    });

    test('a bare array in id order; per_page 25 by default; X-Pagination of the first and last page', async () => {
      const first = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers.json`);
      assert.equal(first.status, 200);
      assert.ok(Array.isArray(first.body));
      assert.deepEqual(ids(first), all.slice(0, 25));
      for (const tester of first.body) assert.deepEqual(Object.keys(tester).sort(), TESTER_FIELDS);
      assert.deepEqual(pagination(first), { previous_page: null, next_page: 2, current_page: 1, per_page: 25, count: 25, pages: 2, total_count: 30 });
      const second = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?page=2`);
      assert.equal(second.status, 200);
      assert.deepEqual(ids(second), all.slice(25));
      assert.deepEqual(pagination(second), { previous_page: 1, next_page: null, current_page: 2, per_page: 25, count: 5, pages: 2, total_count: 30 });
    });

    test('include=points adds each tester\'s points (the stored total) and nothing else; without it the tester is exactly v2\'s', async () => {
      await ctx.database.db.updateTable('testers').set({ points: 7 }).where('id', '=', all[1]).execute();
      const listed = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?include=points&per_page=3`);
      assert.equal(listed.status, 200, JSON.stringify(listed.body));
      for (const tester of listed.body) assert.deepEqual(Object.keys(tester).sort(), [...TESTER_FIELDS, 'points'].sort());
      const stored = await ctx.database.db.selectFrom('testers').select(['id', 'points']).where('id', 'in', all.slice(0, 3)).orderBy('id').execute();
      assert.deepEqual(listed.body.map((t: any) => [t.id, t.points]), stored.map((row) => [row.id, row.points]));
      assert.equal(listed.body[1].points, 7);
      const plain = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?per_page=3`);
      for (const tester of plain.body) assert.deepEqual(Object.keys(tester).sort(), TESTER_FIELDS);
      const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${all[1]}`);
      assert.equal('points' in shown.body, false, 'show is unchanged');
      const refused = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?include=email`);
      assert.equal(refused.status, 422);
      assert.match(refused.body.errors[0].message, /include/);
    });

    test('first, middle, last and past-the-end pages with per_page, and their Link headers', async () => {
      const path = `/api/v2/betas/${beta.id}/testers`;
      const link = (page: number, rel: string) => `<${path}?page=${page}&per_page=12>; rel="${rel}"`;
      const expectations = [
        { page: 1, items: all.slice(0, 12), header: { previous_page: null, next_page: 2, current_page: 1, per_page: 12, count: 12, pages: 3, total_count: 30 }, links: [link(1, 'first'), link(3, 'last'), link(2, 'next')] },
        { page: 2, items: all.slice(12, 24), header: { previous_page: 1, next_page: 3, current_page: 2, per_page: 12, count: 12, pages: 3, total_count: 30 }, links: [link(1, 'first'), link(3, 'last'), link(1, 'prev'), link(3, 'next')] },
        { page: 3, items: all.slice(24), header: { previous_page: 2, next_page: null, current_page: 3, per_page: 12, count: 6, pages: 3, total_count: 30 }, links: [link(1, 'first'), link(3, 'last'), link(2, 'prev')] },
        { page: 7, items: [], header: { previous_page: 3, next_page: null, current_page: 7, per_page: 12, count: 0, pages: 3, total_count: 30 }, links: [link(1, 'first'), link(3, 'last'), link(3, 'prev')] },
      ];
      for (const { page, items, header, links } of expectations) {
        const response = await ctx.request('GET', `${path}.json?page=${page}&per_page=12`);
        assert.equal(response.status, 200, `page ${page}`);
        assert.deepEqual(ids(response), items, `page ${page}`);
        assert.equal(response.headers['x-pagination'], JSON.stringify(header), `page ${page}: keys in the documented order`);
        assert.deepEqual(String(response.headers.link).split(', '), links, `page ${page}`);
      }
    });

    test('per_page at most 100; 0, 101 and page 0 are refused with 422', async () => {
      const hundred = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?per_page=100`);
      assert.equal(hundred.status, 200);
      assert.deepEqual(ids(hundred), all);
      assert.deepEqual(pagination(hundred), { previous_page: null, next_page: null, current_page: 1, per_page: 100, count: 30, pages: 1, total_count: 30 });
      for (const query of ['per_page=101', 'per_page=0', 'page=0', 'page=abc']) {
        const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?${query}`);
        assert.equal(response.status, 422, query);
        assert.deepEqual(codes(response), [2301], query);
      }
    });

    test('an empty beta lists [] as one empty page', async () => {
      const empty = await ctx.createBeta();
      const response = await ctx.request('GET', `/api/v2/betas/${empty.id}/testers`);
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, []);
      assert.deepEqual(pagination(response), { previous_page: null, next_page: null, current_page: 1, per_page: 25, count: 0, pages: 1, total_count: 0 });
      assert.deepEqual(String(response.headers.link).split(', '), [
        `</api/v2/betas/${empty.id}/testers?page=1&per_page=25>; rel="first"`,
        `</api/v2/betas/${empty.id}/testers?page=1&per_page=25>; rel="last"`,
      ]);
    });

    test('Link keeps the filters and never echoes an api_key', async () => {
      const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?email_contains=example.com&per_page=10&page=2&api_key=${ctx.apiKey}`, { key: null });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.deepEqual(ids(response), all.slice(10, 20));
      const links = String(response.headers.link);
      assert.equal(links.includes(ctx.apiKey), false);
      assert.equal(links.includes('api_key'), false);
      assert.deepEqual(links.split(', '), [
        `</api/v2/betas/${beta.id}/testers?email_contains=example.com&per_page=10&page=1>; rel="first"`,
        `</api/v2/betas/${beta.id}/testers?email_contains=example.com&per_page=10&page=3>; rel="last"`,
        `</api/v2/betas/${beta.id}/testers?email_contains=example.com&per_page=10&page=1>; rel="prev"`,
        `</api/v2/betas/${beta.id}/testers?email_contains=example.com&per_page=10&page=3>; rel="next"`,
      ]);
    });
  });

  // ---- list: filters -----------------------------------------------------------------------------

  describe('list filters', () => {
    let beta: { id: number };
    const t: Record<string, any> = {};
    const list = async (query: string): Promise<number[]> => {
      const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?${query}`);
      assert.equal(response.status, 200, `${query}: ${JSON.stringify(response.body)}`);
      assert.equal(pagination(response).total_count, response.body.length, `${query}: total_count counts the filtered testers`);
      return ids(response);
    };
    const names = (...keys: string[]) => keys.map((k) => t[k].id);

    before(async () => {
      beta = await ctx.createBeta({ double_opt_in: true });
      t.alice = await createTester(ctx, beta.id, { email: 'Alice.Smith@Example.com', profile: { first_name: 'Alice', last_name: 'Smith', custom_var1: 'gold' } });
      t.bob = await createTester(ctx, beta.id, { email: 'bob_jones@example.org', status: 'invited', profile: { first_name: 'Bob', last_name: 'Jones', custom_var2: 'gold' } });
      t.carol = await createTester(ctx, beta.id, { email: 'carol%sale@shop.example.com', status: 'active', profile: { first_name: 'Carol', last_name: 'Smithers', custom_var3: 'GOLD' } });
      t.dave = await createTester(ctx, beta.id, { email: 'dave@elsewhere.net', status: 'imported', profile: { custom_var1: 'silver', custom_var2: 'gold-ish' } });
      t.bobby = await createTester(ctx, beta.id, { email: 'bobbyjones@sample.com', status: 'unconfirmed', profile: { last_name: 'Bobson' } });
      // Another beta's tester never shows, whatever the filter.
      const other = await ctx.createBeta();
      await createTester(ctx, other.id, { email: 'alice.smith@example.com', profile: { first_name: 'Alice', last_name: 'Smith', custom_var1: 'gold' } });
    });

    test('no filter: every status, in id order', async () => {
      assert.deepEqual(await list(''), names('alice', 'bob', 'carol', 'dave', 'bobby'));
    });

    test('email_is: exact, case-insensitive, trimmed', async () => {
      assert.deepEqual(await list('email_is=alice.smith%40example.com'), names('alice'));
      assert.deepEqual(await list('email_is=ALICE.SMITH%40EXAMPLE.COM'), names('alice'));
      assert.deepEqual(await list('email_is=%20alice.smith%40example.com%20'), names('alice'));
      assert.deepEqual(await list('email_is=alice'), []);
      assert.deepEqual(await list('email_is=alice.smith%40example.co'), []);
      assert.deepEqual(await list('email_is=nobody%40example.com'), []);
    });

    test('email_contains: a case-insensitive fragment', async () => {
      assert.deepEqual(await list('email_contains=example'), names('alice', 'bob', 'carol'));
      assert.deepEqual(await list('email_contains=EXAMPLE.COM'), names('alice', 'carol'));
      assert.deepEqual(await list('email_contains=%40example.org'), names('bob'));
      assert.deepEqual(await list('email_contains=jones'), names('bob', 'bobby'));
      assert.deepEqual(await list('email_contains=zzz'), []);
    });

    test('email_contains: % and _ in the fragment match literally', async () => {
      assert.deepEqual(await list('email_contains=_'), names('bob'), '_ is not a single-character wildcard');
      assert.deepEqual(await list('email_contains=%25'), names('carol'), '% is not a wildcard');
      assert.deepEqual(await list('email_contains=bob_'), names('bob'));
      assert.deepEqual(await list('email_contains=l%25s'), names('carol'));
      assert.deepEqual(await list('email_contains=a%25e'), [], 'a%e would match alice… as a pattern');
      assert.deepEqual(await list('email_contains=b_b'), [], 'b_b would match bobby as a pattern');
      assert.deepEqual(await list('email_contains=%5C'), [], 'a backslash is literal too');
    });

    test('email: the legacy alias of email_contains', async () => {
      assert.deepEqual(await list('email=example.org'), names('bob'));
      assert.deepEqual(await list('email=EXAMPLE'), names('alice', 'bob', 'carol'));
      assert.deepEqual(await list('email=_'), names('bob'));
      // When both are sent, email_contains decides.
      assert.deepEqual(await list('email_contains=sample&email=example'), names('bobby'));
    });

    test('name: first and/or last name, case-insensitive fragment; "first last" matches the full name', async () => {
      assert.deepEqual(await list('name=smith'), names('alice', 'carol'));
      assert.deepEqual(await list('name=ALICE'), names('alice'));
      assert.deepEqual(await list('name=alice%20smith'), names('alice'));
      assert.deepEqual(await list('name=Carol+Smithers'), names('carol'));
      assert.deepEqual(await list('name=bob'), names('bob', 'bobby'), 'first name of one, last name of the other');
      assert.deepEqual(await list('name=bobson'), names('bobby'), 'a last name alone');
      assert.deepEqual(await list('name=ice%20smi'), names('alice'), 'a fragment across the space');
      assert.deepEqual(await list('name=dave'), [], 'not the e-mail');
      assert.deepEqual(await list('name=_'), [], '_ is literal');
      assert.deepEqual(await list('name=%25'), [], '% is literal');
    });

    test('referral_code: exact', async () => {
      assert.deepEqual(await list(`referral_code=${t.carol.referral_code}`), names('carol'));
      assert.deepEqual(await list(`referral_code=${t.carol.referral_code.slice(0, 4)}`), []);
      assert.deepEqual(await list('referral_code=NOPE1'), []);
    });

    test('custom_vars: exact match against any of custom_var1..3', async () => {
      assert.deepEqual(await list('custom_vars=gold'), names('alice', 'bob'));
      assert.deepEqual(await list('custom_vars=GOLD'), names('carol'), 'exact: case matters');
      assert.deepEqual(await list('custom_vars=silver'), names('dave'));
      assert.deepEqual(await list('custom_vars=gol'), [], 'no fragments');
      assert.deepEqual(await list('custom_vars=gold-ish'), names('dave'));
    });

    test('filters combine with AND', async () => {
      assert.deepEqual(await list('name=smith&custom_vars=gold'), names('alice'));
      assert.deepEqual(await list('name=smith&email_contains=shop'), names('carol'));
      assert.deepEqual(await list('email_contains=jones&name=bob'), names('bob', 'bobby'));
      assert.deepEqual(await list('email_contains=example&name=bob'), names('bob'));
      assert.deepEqual(await list(`email_is=bob_jones%40example.org&referral_code=${t.bob.referral_code}`), names('bob'));
      assert.deepEqual(await list(`email_is=bob_jones%40example.org&referral_code=${t.alice.referral_code}`), []);
      assert.deepEqual(await list('custom_vars=gold&email_contains=example.org&name=jones'), names('bob'));
    });

    test('empty filter values are ignored', async () => {
      assert.deepEqual(await list('email_is=&email_contains=&name=&referral_code=&custom_vars='), names('alice', 'bob', 'carol', 'dave', 'bobby'));
    });

    test('filters paginate: total_count and pages count the matches', async () => {
      const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?email_contains=example&per_page=2&page=2`);
      assert.deepEqual(ids(response), names('carol'));
      assert.deepEqual(pagination(response), { previous_page: 1, next_page: null, current_page: 2, per_page: 2, count: 1, pages: 2, total_count: 3 });
    });

    test('a filtered page past the end is empty and still counts the matches', async () => {
      const past = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?email_contains=example&per_page=2&page=5`);
      assert.equal(past.status, 200);
      assert.deepEqual(past.body, []);
      assert.deepEqual(pagination(past), { previous_page: 2, next_page: null, current_page: 5, per_page: 2, count: 0, pages: 2, total_count: 3 });
      const none = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers?email_contains=nobody-matches-this`);
      assert.equal(none.status, 200);
      assert.deepEqual(none.body, []);
      assert.deepEqual(pagination(none), { previous_page: null, next_page: null, current_page: 1, per_page: 25, count: 0, pages: 1, total_count: 0 });
    });
  });

  // ---- hidden testers ----------------------------------------------------------------------------

  test('hidden testers (beyond the plan limit) are absent from lists, filters and the waitlist', async () => {
    const limited = await otherCompany(2);
    const beta = await betaOf(limited.key);
    const post = (email: string) => ctx.request('POST', `/api/v2/betas/${beta.id}/testers`, { key: limited.key, body: { tester: { email, profile: { custom_var1: 'same' } } } });
    const first = await post('one@example.com');
    const second = await post('two@example.com');
    assert.equal(first.status, 201);
    assert.equal(second.status, 201);
    const hidden = await post('three@example.com');
    assert.equal(hidden.status, 403);
    assert.deepEqual(hidden.body.errors, [{ code: Errors.testerHidden.code, message: 'Plan limits exceeded and this tester is hidden' }]);
    const row = await ctx.database.db.selectFrom('testers').selectAll().where('beta_id', '=', beta.id).where('email_normalized', '=', 'three@example.com').executeTakeFirstOrThrow();
    assert.equal(row.hidden, 1);

    for (const query of ['', '?custom_vars=same', '?email_is=three%40example.com', '?email_contains=three', `?referral_code=${row.referral_code}`]) {
      const response = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers${query}`, { key: limited.key });
      assert.equal(response.status, 200, query);
      assert.deepEqual(ids(response), query.includes('three') || query.includes('referral_code') ? [] : [first.body.id, second.body.id], query);
      assert.equal(pagination(response).total_count, response.body.length, query);
    }
    for (const ref of [row.id, row.uuid]) {
      const shown = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${ref}`, { key: limited.key });
      assert.equal(shown.status, 403);
      assert.deepEqual(shown.body.errors, [{ code: Errors.testerHidden.code, message: 'Plan limits exceeded and this tester is hidden' }]);
    }
    const shownSecond = await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${second.body.id}`, { key: limited.key });
    assert.deepEqual(standing(shownSecond.body), [2, 1, 0, 2], 'the hidden applied tester is not on the waitlist');
    const counters = await storedBeta(ctx, beta.id);
    assert.equal(counters.testers_count, 2);
    assert.equal(counters.applied_testers_count, 2);
  });

  // ---- waitlist standing -------------------------------------------------------------------------

  describe('waitlist standing', () => {
    const MINUTE = 60_000;
    const START = '2026-11-22T09:15:00.000Z';
    before(() => ctx.clock.set(START));

    /** The standing of each tester as show answers it, and the list agrees. */
    async function standings(betaId: number, testers: { id: number }[]): Promise<number[][]> {
      const shown: number[][] = [];
      for (const tester of testers) {
        const response = await ctx.request('GET', `/api/v2/betas/${betaId}/testers/${tester.id}`);
        assert.equal(response.status, 200);
        shown.push(standing(response.body));
      }
      const listed = await ctx.request('GET', `/api/v2/betas/${betaId}/testers?per_page=100`);
      const byId = new Map(listed.body.map((tester: any) => [tester.id, standing(tester)]));
      assert.deepEqual(testers.map((tester) => byId.get(tester.id)), shown, 'list and show agree');
      return shown;
    }

    /** Applied testers, one a minute apart. */
    async function applied(betaId: number, count: number): Promise<any[]> {
      const testers = [];
      for (let i = 0; i < count; i++) {
        testers.push(await createTester(ctx, betaId));
        ctx.clock.advance(MINUTE);
      }
      return testers;
    }

    test('referrals (the default): applying order at first; a tester who refers friends moves up at once', async () => {
      ctx.clock.set(START);
      const beta = await ctx.createBeta();
      const [a, b, c] = await applied(beta.id, 3);
      assert.deepEqual(await standings(beta.id, [a, b, c]), [[1, 0, 2, 3], [2, 1, 1, 3], [3, 2, 0, 3]]);

      const d = await createTester(ctx, beta.id, { referrer_id: c.referral_code });
      assert.equal(d.referred_by, c.email);
      assert.deepEqual(standing(d), [4, 3, 0, 4]);
      assert.deepEqual(await standings(beta.id, [c, a, b, d]), [[1, 0, 3, 4], [2, 1, 2, 4], [3, 2, 1, 4], [4, 3, 0, 4]]);

      ctx.clock.advance(MINUTE);
      const e = await createTester(ctx, beta.id, { referrer_id: b.email });
      ctx.clock.advance(MINUTE);
      const f = await createTester(ctx, beta.id, { referrer_id: String(b.id) });
      // b: 2 referrals, c: 1, then a, d, e, f with none, by time of applying.
      assert.deepEqual(await standings(beta.id, [b, c, a, d, e, f]), [
        [1, 0, 5, 6], [2, 1, 4, 6], [3, 2, 3, 6], [4, 3, 2, 6], [5, 4, 1, 6], [6, 5, 0, 6],
      ]);
      assert.equal((await storedBeta(ctx, beta.id)).applied_testers_count, 6);
    });

    test('referrals: a referral that is not credited (unconfirmed friend) does not move the referrer until confirmed', async () => {
      ctx.clock.set(START);
      const beta = await ctx.createBeta({ double_opt_in: true });
      const [a, b] = await applied(beta.id, 2);
      const friend = await createTester(ctx, beta.id, { status: 'unconfirmed', referrer_id: b.referral_code });
      assert.deepEqual(await standings(beta.id, [a, b, friend]), [[1, 0, 1, 2], [2, 1, 0, 2], [null, null, null, 2]]);
      const confirmed = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${friend.id}`, { body: { tester: { status: 'applied' } } });
      assert.equal(confirmed.status, 200);
      assert.deepEqual(await standings(beta.id, [b, a, friend]), [[1, 0, 2, 3], [2, 1, 1, 3], [3, 2, 0, 3]]);
    });

    test('signup_time: order of applying only; referrals do not move anyone', async () => {
      ctx.clock.set(START);
      const beta = await ctx.createBeta({ waitlist_order: 'signup_time' });
      const [a, b, c] = await applied(beta.id, 3);
      const d = await createTester(ctx, beta.id, { referrer_id: c.referral_code });
      assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${c.id}`)).body.share_signups_count, 1);
      assert.deepEqual(await standings(beta.id, [a, b, c, d]), [[1, 0, 3, 4], [2, 1, 2, 4], [3, 2, 1, 4], [4, 3, 0, 4]]);
    });

    test('points: most points first, then time of applying; referrals do not count', async () => {
      ctx.clock.set(START);
      const beta = await ctx.createBeta({ waitlist_order: 'points' });
      const [a, b, c, d] = await applied(beta.id, 4);
      // Written around the API: the index learns of it from the feed, as of another process's write.
      const setPoints = async (tester: { id: number }, points: number) => {
        await ctx.database.db.updateTable('testers').set({ points }).where('id', '=', tester.id).execute();
        await ctx.services.standings.settle();
      };
      await setPoints(a, 5);
      await setPoints(b, 5);
      await setPoints(c, 10);
      await setPoints(d, 0);
      const e = await createTester(ctx, beta.id, { referrer_id: d.referral_code });
      await setPoints(e, 0);
      assert.equal((await ctx.request('GET', `/api/v2/betas/${beta.id}/testers/${d.id}`)).body.share_signups_count, 1);
      assert.deepEqual(await standings(beta.id, [c, a, b, d, e]), [[1, 0, 4, 5], [2, 1, 3, 5], [3, 2, 2, 5], [4, 3, 1, 5], [5, 4, 0, 5]]);
      await setPoints(d, 11);
      assert.deepEqual(await standings(beta.id, [d, c, a, b, e]), [[1, 0, 4, 5], [2, 1, 3, 5], [3, 2, 2, 5], [4, 3, 1, 5], [5, 4, 0, 5]]);
    });

    test('changing the beta\'s waitlist_order re-ranks at once (positions are never stored)', async () => {
      ctx.clock.set(START);
      const beta = await ctx.createBeta();
      const [a, b] = await applied(beta.id, 2);
      await createTester(ctx, beta.id, { referrer_id: b.referral_code });
      await ctx.database.db.updateTable('testers').set({ points: 7 }).where('id', '=', a.id).execute();
      await ctx.services.standings.settle();
      assert.deepEqual((await standings(beta.id, [a, b])).map((s) => s[0]), [2, 1]);
      const patched = await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { settings: { waitlist_order: 'signup_time' } } });
      assert.equal(patched.status, 200, JSON.stringify(patched.body));
      assert.deepEqual((await standings(beta.id, [a, b])).map((s) => s[0]), [1, 2]);
      await ctx.request('PATCH', `/api/v2/betas/${beta.id}`, { body: { settings: { waitlist_order: 'points' } } });
      assert.deepEqual((await standings(beta.id, [a, b])).map((s) => s[0]), [1, 2]);
      await ctx.database.db.updateTable('testers').set({ points: 8 }).where('id', '=', b.id).execute();
      await ctx.services.standings.settle();
      assert.deepEqual((await standings(beta.id, [a, b])).map((s) => s[0]), [2, 1]);
    });

    for (const order of ['referrals', 'signup_time', 'points'] as const) {
      test(`${order}: ties broken by applied_at, then id`, async () => {
        ctx.clock.set(START);
        const beta = await ctx.createBeta({ waitlist_order: order });
        // Created in this order, but x applied later than y and z, and y and z in the same instant.
        ctx.clock.set('2026-11-22T10:00:00.000Z');
        const x = await createTester(ctx, beta.id);
        ctx.clock.set('2026-11-22T09:30:00.000Z');
        const y = await createTester(ctx, beta.id);
        const z = await createTester(ctx, beta.id);
        assert.equal(y.applied_at, z.applied_at);
        assert.ok(y.id < z.id && x.id < y.id);
        assert.deepEqual(await standings(beta.id, [y, z, x]), [[1, 0, 2, 3], [2, 1, 1, 3], [3, 2, 0, 3]]);
      });
    }

    test('testers not on the waitlist: position, ahead and behind null; length the number of applied', async () => {
      ctx.clock.set(START);
      const beta = await ctx.createBeta({ double_opt_in: true });
      const [a, b] = await applied(beta.id, 2);
      const off: any[] = [];
      for (const status of ['imported', 'invited', 'active', 'unconfirmed']) off.push(await createTester(ctx, beta.id, { status }));
      for (const status of ['rejected', 'suspended']) {
        const tester = await createTester(ctx, beta.id, { status: 'imported' });
        const response = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${tester.id}`, { body: { tester: { status } } });
        assert.equal(response.status, 200);
        off.push(response.body);
      }
      assert.deepEqual(off.map((tester) => tester.status), ['imported', 'invited', 'active', 'unconfirmed', 'rejected', 'suspended']);
      const shown = await standings(beta.id, [a, b, ...off]);
      assert.deepEqual(shown, [[1, 0, 1, 2], [2, 1, 0, 2], ...off.map(() => [null, null, null, 2])]);
      for (const tester of off) assert.equal(tester.waitlist_length, 2, `${tester.status}: the create/update answer too`);

      // An applied tester who leaves the waitlist frees a place; one who joins goes to the end.
      const invited = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${a.id}`, { body: { tester: { status: 'invited' } } });
      assert.deepEqual(standing(invited.body), [null, null, null, 1]);
      ctx.clock.advance(MINUTE);
      const joined = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${off[0].id}`, { body: { tester: { status: 'applied' } } });
      assert.deepEqual(standing(joined.body), [2, 1, 0, 2]);
      assert.deepEqual(await standings(beta.id, [b, off[0], a]), [[1, 0, 1, 2], [2, 1, 0, 2], [null, null, null, 2]]);
    });

    test('an empty waitlist: length 0 for everyone', async () => {
      const beta = await ctx.createBeta();
      const tester = await createTester(ctx, beta.id, { status: 'invited' });
      assert.deepEqual(await standings(beta.id, [tester]), [[null, null, null, 0]]);
    });

    after(() => ctx.clock.set(START));
  });
});
