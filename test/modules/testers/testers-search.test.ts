// The list's substring filters (email_contains, its alias email, name) through the indexes of
// migration 010: the same testers as the plain LIKE they replaced, in id order, with exact totals,
// while testers are created, renamed, re-addressed and deleted (the index kept in step).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { dialect, startTestContext, type TestContext, type TestResponse } from '../../support/context.ts';
import { likeContains, type SearchedTesterColumn } from '../../../src/db/engine/text-search.ts';
import { foldSearchBacklog, searchFoldedUpTo } from '../../../src/db/engine/search-folding.ts';
import { createTester, testerRow } from './support.ts';

const pagination = (response: TestResponse) => JSON.parse(String(response.headers['x-pagination']));

/** Fragments as sent: short (no trigram), long, wildcards and a backslash, case, non-ASCII, FTS syntax. */
const FRAGMENTS = [
  'a', 'o', 'ab', 'ex', '.', '@', '%', '_', '\\', '"', 'é', 'zoë', 'ZOË', 'ÑÚÑ', 'ñúñez', 'ørsted', 'i̇lk', '😀', '😀x', '😀xy',
  'example', 'EXAMPLE.COM', '@example.org', 'ali', 'alice.smith@example.com', '.net', 'ple.com', 'smith', 'h s', 'ice smi',
  '50%', '50%off', 'a_b', 'a%b', 'b_b', 'x\\y', '\\y@', 'o"n', '"neil', 'and', 'or *', 'near(', 'name_search : a', 'zzz',
  '  smith  ', 'jones', 'λής', 'λήσ', 'ſmit',
];

const PEOPLE: { email: string; first_name?: string; last_name?: string }[] = [
  { email: 'Alice.Smith@Example.com', first_name: 'Alice', last_name: 'Smith' },
  { email: 'bob_jones@example.org', first_name: 'Bob', last_name: 'Jones' },
  { email: 'carol%sale@shop.example.com', first_name: 'Carol', last_name: 'Smithers' },
  { email: 'a_b.50%off@elsewhere.net', first_name: 'Zoë', last_name: 'Ñúñez' },
  // No backslash in an address (not valid): names carry it.
  { email: 'x.y@backslash.example.com', first_name: 'Hans', last_name: 'Ørsted x\\y' },
  { email: "o'neil@example.org", first_name: 'O"Neil', last_name: 'And Or' },
  { email: 'aXb@example.net', first_name: 'İlker', last_name: 'Near(' },
  { email: 'emoji😀xy@example.com', first_name: '😀xylophone' },
  { email: 'plain@sample.com' },
  // Lower-case letters that case folding would turn into others (ſ into s, ς into σ): not the LIKE's match.
  { email: 'folding@example.net', first_name: 'ſmithy', last_name: 'Σοφοκλής' },
  { email: 'ZOE@ZOE.EXAMPLE', first_name: 'zoe', last_name: 'smith jones' },
];

describe('list testers: substring filters', () => {
  let ctx: TestContext;
  let beta: { id: number };
  let otherBeta: { id: number };
  before(async () => {
    ctx = await startTestContext();
    beta = await ctx.createBeta({ double_opt_in: true });
    otherBeta = await ctx.createBeta();
    for (const [i, person] of PEOPLE.entries()) {
      const { email, ...profile } = person;
      await createTester(ctx, beta.id, { email, status: ['applied', 'invited', 'active', 'imported', 'unconfirmed'][i % 5], profile });
      // The same people in another beta: never listed in this one.
      await createTester(ctx, otherBeta.id, { email, profile });
    }
  });
  after(() => ctx.close());

  /** The ids the plain LIKE finds (the code before migration 010), straight from the table. */
  async function likeIds(betaId: number, column: SearchedTesterColumn, sent: string): Promise<number[]> {
    const rows = await ctx.database.db
      .selectFrom('testers')
      .select('id')
      .where('beta_id', '=', betaId)
      .where('hidden', '=', 0)
      .where(likeContains(column, sent.trim().toLowerCase()))
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** The ids the same check finds in JavaScript: a substring of the lower-cased column. */
  async function substringIds(betaId: number, column: SearchedTesterColumn, sent: string): Promise<number[]> {
    const rows = await ctx.database.db.selectFrom('testers').select(['id', column]).where('beta_id', '=', betaId).where('hidden', '=', 0).orderBy('id').execute();
    const fragment = sent.trim().toLowerCase();
    return rows.filter((row) => row[column].includes(fragment)).map((row) => row.id);
  }

  async function listed(betaId: number, query: string): Promise<{ ids: number[]; total: number }> {
    const response = await ctx.request('GET', `/api/v2/betas/${betaId}/testers?per_page=100&${query}`);
    assert.equal(response.status, 200, `${query}: ${JSON.stringify(response.body)}`);
    return { ids: response.body.map((t: { id: number }) => t.id), total: pagination(response).total_count };
  }

  /** Every fragment through every filter equals the LIKE and the substring check; returns how many matched something. */
  async function assertSameAsLike(label: string): Promise<number> {
    let matched = 0;
    for (const fragment of FRAGMENTS) {
      for (const [parameter, column] of [['email_contains', 'email_normalized'], ['email', 'email_normalized'], ['name', 'name_search']] as const) {
        const expected = await likeIds(beta.id, column, fragment);
        assert.deepEqual(await substringIds(beta.id, column, fragment), expected, `${label}: the LIKE is a substring match (${column} ${JSON.stringify(fragment)})`);
        const { ids, total } = await listed(beta.id, `${parameter}=${encodeURIComponent(fragment)}`);
        assert.deepEqual(ids, expected, `${label}: ${parameter}=${JSON.stringify(fragment)}`);
        assert.equal(total, expected.length, `${label}: total of ${parameter}=${JSON.stringify(fragment)}`);
        if (expected.length > 0) matched += 1;
      }
    }
    return matched;
  }

  /** SQLite: indexes the testers created since the last fold, as a server does every half second. */
  async function fold(): Promise<void> {
    if (dialect === 'sqlite') await foldSearchBacklog(ctx.database.db);
  }

  async function assertIndexInStep(): Promise<void> {
    if (dialect === 'sqlite') {
      await fold();
      // FTS5 compares its index with the testers it reads from, and fails if they differ.
      await sql`insert into testers_search (testers_search) values ('integrity-check')`.execute(ctx.database.db);
    }
  }

  test('every fragment finds what the LIKE finds: short, long, %, _, \\, quotes, case, non-ASCII, at either end', async () => {
    // Not folded yet on SQLite: the LIKE over the testers past the watermark finds them.
    const matched = await assertSameAsLike('as created');
    assert.ok(matched > FRAGMENTS.length, `most fragments match someone (${matched})`);
    await fold();
    assert.equal(await assertSameAsLike('folded into the index'), matched);
    await assertIndexInStep();
  });

  test('specific matches: non-ASCII names, literal wildcards and the other beta left out', async () => {
    const ids = async (query: string) => (await listed(beta.id, query)).ids;
    const all = (await listed(beta.id, '')).ids;
    const byPosition = (...positions: number[]) => positions.map((p) => all[p]);
    assert.deepEqual(await ids(`name=${encodeURIComponent('ZOË ñúñ')}`), byPosition(3));
    assert.deepEqual(await ids(`name=${encodeURIComponent('ørsted')}`), byPosition(4));
    assert.deepEqual(await ids(`email_contains=${encodeURIComponent('50%off')}`), byPosition(3));
    assert.deepEqual(await ids(`email_contains=${encodeURIComponent('a%b')}`), [], '% is no wildcard');
    assert.deepEqual(await ids(`name=${encodeURIComponent('x\\y')}`), byPosition(4));
    assert.deepEqual(await ids(`name=${encodeURIComponent('x\\')}`), byPosition(4));
    assert.deepEqual(await ids(`email_contains=${encodeURIComponent('x\\y')}`), []);
    assert.deepEqual(await ids(`email_contains=${encodeURIComponent('😀xy')}`), byPosition(7));
    assert.deepEqual(await ids('name=smith'), byPosition(0, 2, 10), 'not ſmithy');
    assert.deepEqual(await ids(`name=${encodeURIComponent('ſmit')}`), byPosition(9));
    assert.deepEqual(await ids(`name=${encodeURIComponent('ΛΉΣ')}`), byPosition(9), 'λής');
    assert.deepEqual(await ids(`name=${encodeURIComponent('λήσ')}`), [], 'ς is not σ');
    assert.deepEqual(await ids(`name=${encodeURIComponent('o"n')}`), byPosition(5));
  });

  test('pages of a filter: stable id order, every match once, the exact total on every page', async () => {
    const bigBeta = await ctx.createBeta();
    for (let i = 0; i < 23; i++) {
      await createTester(ctx, bigBeta.id, { email: `pager${i}@${i % 3 === 0 ? 'other' : 'example'}.com`, profile: { last_name: i % 2 ? 'Pageman' : 'Other' } });
    }
    for (const [query, column, fragment] of [
      ['email_contains=example', 'email_normalized', 'example'],
      ['name=pageman', 'name_search', 'pageman'],
      ['email_contains=r1', 'email_normalized', 'r1'],
    ] as const) {
      const expected = await likeIds(bigBeta.id, column, fragment);
      assert.ok(expected.length > 8, `${query}: several pages (${expected.length})`);
      const seen: number[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / 4) + 1; page++) {
        const response = await ctx.request('GET', `/api/v2/betas/${bigBeta.id}/testers?${query}&per_page=4&page=${page}`);
        assert.equal(response.status, 200);
        assert.equal(pagination(response).total_count, expected.length, `${query} page ${page}: total`);
        seen.push(...response.body.map((t: { id: number }) => t.id));
      }
      assert.deepEqual(seen, expected, `${query}: the pages put together`);
    }
  });

  test('after creates, e-mail and name updates and deletes the filters still equal the LIKE', async () => {
    const all = (await listed(beta.id, '')).ids;
    const put = async (id: number, tester: Record<string, unknown>) => {
      const response = await ctx.request('PUT', `/api/v2/betas/${beta.id}/testers/${id}`, { body: { tester } });
      assert.equal(response.status, 200, JSON.stringify(response.body));
    };
    // Alice takes a new address and Bob a new name; Carol loses hers; Dave's goes away with him.
    await put(all[0], { email: 'alice.new@renamed.example' });
    await put(all[1], { profile: { first_name: 'Roberto', last_name: 'Ñandú' } });
    await put(all[2], { profile: { first_name: '', last_name: '' } });
    // An update of other columns only (the update trigger does not fire for it).
    await put(all[4], { groups: 'vip', profile: { custom_var1: 'x' } });
    const deleted = await ctx.request('DELETE', `/api/v2/betas/${beta.id}/testers/${all[3]}`);
    assert.equal(deleted.status, 200);
    await createTester(ctx, beta.id, { email: 'newcomer.smith@example.com', profile: { first_name: 'Ali', last_name: 'Ørstedsen' } });

    assert.deepEqual((await listed(beta.id, 'email_contains=alice.smith')).ids, [], 'the old address is gone from the index');
    assert.deepEqual((await listed(beta.id, 'email_contains=renamed')).ids, [all[0]], 'the new address is found');
    assert.deepEqual((await listed(beta.id, `name=${encodeURIComponent('ñandú')}`)).ids, [all[1]]);
    assert.deepEqual((await listed(beta.id, 'name=carol')).ids, []);
    assert.deepEqual((await listed(beta.id, `name=${encodeURIComponent('zoë')}`)).ids, [], 'the deleted tester is not listed');
    await assertSameAsLike('after changes');
    await fold();
    await assertSameAsLike('after changes, folded');
    await assertIndexInStep();
  });

  test('testers created since the last fold are found, changed and deleted without the index, and a fold takes them as they are then', async () => {
    const fresh = await ctx.createBeta();
    await fold();
    const before = dialect === 'sqlite' ? await searchFoldedUpTo(ctx.database.db) : 0;
    const created: number[] = [];
    for (const name of ['Folda', 'Foldb', 'Foldc']) {
      created.push((await createTester(ctx, fresh.id, { email: `${name.toLowerCase()}@fold.example`, profile: { first_name: name } })).id as number);
    }
    if (dialect === 'sqlite') {
      assert.equal(await searchFoldedUpTo(ctx.database.db), before, 'no fold has run: the new testers are past the watermark');
    }
    const put = await ctx.request('PUT', `/api/v2/betas/${fresh.id}/testers/${created[0]}`, { body: { tester: { email: 'moved@fold.example' } } });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.equal((await ctx.request('DELETE', `/api/v2/betas/${fresh.id}/testers/${created[1]}`)).status, 200);
    const expectFound = async (label: string) => {
      assert.deepEqual((await listed(fresh.id, 'email_contains=moved%40fold')).ids, [created[0]], `${label}: the new address`);
      assert.deepEqual((await listed(fresh.id, 'email_contains=folda%40')).ids, [], `${label}: not the old one`);
      assert.deepEqual((await listed(fresh.id, 'name=foldb')).ids, [], `${label}: not the deleted tester`);
      assert.deepEqual((await listed(fresh.id, 'name=foldc')).ids, [created[2]], `${label}: the unchanged tester`);
    };
    await expectFound('before the fold');
    await fold();
    await expectFound('after the fold');
    if (dialect === 'sqlite') {
      const { max } = await ctx.database.db.selectFrom('testers').select((eb) => eb.fn.max('id').as('max')).executeTakeFirstOrThrow();
      assert.equal(await searchFoldedUpTo(ctx.database.db), max, 'the watermark is the last tester');
    }
    // The update and delete triggers left the index alone for testers it did not hold yet.
    await assertIndexInStep();
  });

  test('a fragment with more candidates than a scan reads lists what the LIKE finds through the scan (SQLite), and a rare one through the index', async () => {
    const crowded = await ctx.createBeta();
    // 1,100 testers straight into the table: more candidates for "crowd" than the index serves
    // before it compares them with a scan (1,000 at the least).
    const rows = Array.from({ length: 1100 }, (_, i) => testerRow(crowded.id, `crowd${i}@example.com`, { last_name: i % 3 ? 'Crowder' : 'Single' }));
    for (let i = 0; i < rows.length; i += 250) await ctx.database.db.insertInto('testers').values(rows.slice(i, i + 250)).execute();
    await fold();
    const [first] = (await listed(crowded.id, 'email_contains=crowd0%40')).ids;
    assert.ok(first, 'crowd0 is there');
    if (dialect === 'sqlite') {
      // As in the test below: a tester missing from the index is listed only by the scan.
      await sql`insert into testers_search (testers_search, rowid, email_normalized, name_search) values ('delete', ${first}, 'crowd0@example.com', 'single')`.execute(ctx.database.db);
    }
    try {
      const frequent = await listed(crowded.id, 'email_contains=crowd');
      assert.equal(frequent.total, 1100);
      assert.deepEqual(frequent.ids, (await likeIds(crowded.id, 'email_normalized', 'crowd')).slice(0, 100));
      assert.equal(frequent.ids[0], first, 'the scan found the tester missing from the index');
      const rare = await listed(crowded.id, 'email_contains=crowd0%40');
      assert.deepEqual(rare.ids, dialect === 'sqlite' ? [] : [first], 'a rare fragment asks the index');
      // 367 candidates: the index, where the tester is missing.
      const names = await listed(crowded.id, 'name=single');
      assert.equal(names.total, dialect === 'sqlite' ? 366 : 367);
      assert.equal(names.ids.includes(first), dialect !== 'sqlite');
    } finally {
      if (dialect === 'sqlite') {
        await sql`insert into testers_search (rowid, email_normalized, name_search) values (${first}, 'crowd0@example.com', 'single')`.execute(ctx.database.db);
      }
    }
  });

  test('the index is there and, on SQLite, asked for fragments of three characters or more', async () => {
    if (dialect === 'postgres') {
      const indexes = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'testers' and indexname like '%trgm' order by indexname`.execute(ctx.database.db);
      assert.deepEqual(indexes.rows.map((row) => row.indexname), ['testers_email_normalized_trgm', 'testers_name_search_trgm']);
      return;
    }
    // A stale index entry is visible through the filter only if the filter asks the index: remove
    // one tester's entry by hand (what a missing trigger would leave) and look for it.
    await fold();
    const [first] = (await listed(beta.id, '')).ids;
    const row = await ctx.database.db.selectFrom('testers').select(['email_normalized', 'name_search']).where('id', '=', first).executeTakeFirstOrThrow();
    await sql`insert into testers_search (testers_search, rowid, email_normalized, name_search) values ('delete', ${first}, ${row.email_normalized}, ${row.name_search})`.execute(ctx.database.db);
    try {
      assert.deepEqual((await listed(beta.id, `email_contains=${encodeURIComponent(row.email_normalized)}`)).ids, [], 'three characters or more: the index decides the candidates');
      assert.deepEqual((await listed(beta.id, `email_contains=${encodeURIComponent(row.email_normalized.slice(0, 2))}`)).ids.includes(first), true, 'two: the scan');
    } finally {
      await sql`insert into testers_search (rowid, email_normalized, name_search) values (${first}, ${row.email_normalized}, ${row.name_search})`.execute(ctx.database.db);
    }
    await assertIndexInStep();
  });
});
