// Erased addresses (docs/privacy.md): a beta remembers an address whose person was erased only as
// an HMAC-SHA256 of its lower-cased form, keyed with a random salt of the beta's own, so it can
// refuse to import or e-mail that address again without keeping the address. The salt stays in
// the database: whoever can read it can test a guessed address, but no list of addresses can be
// read back from the hashes, and the same address hashes differently in another beta.
import { createHmac, randomBytes } from 'node:crypto';
import { compiled } from '../../db/engine/compiled.ts';
import type { Executor } from '../../db/executor.ts';
import { normalizeEmail } from '../testers/email-address.ts';

function hashOf(salt: string, normalized: string): string {
  return createHmac('sha256', salt).update(normalized).digest('hex');
}

const saltRead = compiled((db, p: { betaId: number }) => db.selectFrom('erasure_salts').select('salt').where('beta_id', '=', p.betaId));

async function saltOf(executor: Executor, betaId: number): Promise<string | undefined> {
  const row = await saltRead.first(executor, { betaId });
  return row?.salt;
}

/** The hash of the address in the beta; undefined when the beta has erased nobody (it has no salt yet). */
async function erasedHash(executor: Executor, betaId: number, email: string): Promise<string | undefined> {
  const address = normalizeEmail(email);
  const salt = address && (await saltOf(executor, betaId));
  return salt ? hashOf(salt, address.normalized) : undefined;
}

/**
 * Whether a person with this address was erased from the beta (and has not signed up again since):
 * an importer skips the address, the e-mail sender refuses it. Case-insensitive, as addresses are
 * compared everywhere. One indexed read for a beta that never erased anyone.
 */
export async function isErased(executor: Executor, betaId: number, email: string): Promise<boolean> {
  const hash = await erasedHash(executor, betaId, email);
  if (!hash) return false;
  const row = await executor.selectFrom('erasures').select('id').where('beta_id', '=', betaId).where('email_hash', '=', hash).executeTakeFirst();
  return row !== undefined;
}

/** Remembers the address as erased from the beta, making the beta's salt on its first erasure. Idempotent. */
export async function recordErasure(trx: Executor, betaId: number, email: string, now: string): Promise<void> {
  const address = normalizeEmail(email);
  if (!address) return;
  await trx
    .insertInto('erasure_salts')
    .values({ beta_id: betaId, salt: randomBytes(32).toString('hex'), created_at: now })
    .onConflict((oc) => oc.column('beta_id').doNothing())
    .execute();
  const salt = (await saltOf(trx, betaId))!;
  await trx
    .insertInto('erasures')
    .values({ beta_id: betaId, email_hash: hashOf(salt, address.normalized), created_at: now })
    .onConflict((oc) => oc.columns(['beta_id', 'email_hash']).doNothing())
    .execute();
}

/**
 * Forgets the erasure of the address (lower-cased): the person signed up to the beta again
 * themselves, and is written to as any new tester is. `salt` is the beta's, read in the caller's
 * transaction (null: the beta erased nobody, and nothing is to be done).
 */
export async function liftErasure(trx: Executor, betaId: number, normalizedEmail: string, salt: string | null): Promise<void> {
  if (salt === null) return;
  await trx.deleteFrom('erasures').where('beta_id', '=', betaId).where('email_hash', '=', hashOf(salt, normalizedEmail)).execute();
}
