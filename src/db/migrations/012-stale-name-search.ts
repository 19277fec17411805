// Testers whose name was cleared by an update before that was fixed kept the cleared name in
// name_search, the text of the list's `name` filter: a cleared (null) name fell back to the stored
// one, so the filter still found them by it. Only a cleared name can be stale (docs/decisions.md,
// "Search"), so two kinds of rows are repaired:
// - no name left but a name_search: it becomes '' (plain SQL);
// - one name left and a name_search with a space, which a single name rarely has and a stale
//   "first last" always does: recomputed in JavaScript with the service's rule, since neither
//   database's lower() lower-cases as JavaScript does (SQLite's only ASCII).
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';

const BATCH = 1000;

// The service's rule as it was when this migration was written (modules/testers/name-search.ts),
// copied rather than imported: a later change to the live rule must not change what this
// migration writes; a new rule that needs old rows rewritten gets a migration of its own.
function nameSearch(firstName: string | null, lastName: string | null): string {
  return [firstName, lastName].filter(Boolean).join(' ').toLowerCase();
}

type Name = 'first_name' | 'last_name';

function isEmpty(eb: ExpressionBuilder<any, 'testers'>, name: Name) {
  return eb.or([eb(name, 'is', null), eb(name, '=', '')]);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('testers')
    .set({ name_search: '' })
    .where((eb) => eb.and([isEmpty(eb, 'first_name'), isEmpty(eb, 'last_name'), eb('name_search', '<>', '')]))
    .execute();

  for (let after = 0; ; ) {
    const rows: { id: number; first_name: string | null; last_name: string | null; name_search: string }[] = await db
      .selectFrom('testers')
      .select(['id', 'first_name', 'last_name', 'name_search'])
      .where('id', '>', after)
      // Exactly one name left (none left was repaired above).
      .where((eb) => eb.or([isEmpty(eb, 'first_name'), isEmpty(eb, 'last_name')]))
      .where('name_search', 'like', '% %')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    const stale = rows.map((row) => ({ id: row.id, text: nameSearch(row.first_name, row.last_name) })).filter((row, i) => row.text !== rows[i].name_search);
    if (stale.length === 0) continue;
    await db
      .updateTable('testers')
      .set({ name_search: sql`case id ${sql.join(stale.map((row) => sql`when ${row.id} then ${row.text}`), sql` `)} end` })
      .where('id', 'in', stale.map((row) => row.id))
      .execute();
  }
}
