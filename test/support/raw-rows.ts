// Rows written straight into the tables, for migration tests: a database migrated only part of the
// way, where no service runs yet, holds what older code left. Only columns of the first migration.
import type { Db } from '../../src/db/executor.ts';

/** A company "Old" with a beta of each name (one "Old" by default); the betas' ids, in order. */
export async function insertRawBetas(db: Db, now: string, names: readonly string[] = ['Old']): Promise<number[]> {
  const company = await db.insertInto('companies').values({ name: 'Old', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const name of names) {
    const beta = await db
      .insertInto('betas')
      .values({ company_id: company.id, name, homepage_url: 'https://example.com/', settings: '{}', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(beta.id);
  }
  return ids;
}
