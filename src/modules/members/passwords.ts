// Password hashing with scrypt (node:crypto, no native dependency). A stored hash carries its
// parameters and salt ("scrypt$N$r$p$salt$hash"), so the parameters can be raised for new hashes
// while the old ones still verify.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { Errors } from '../../primitives/errors.ts';

/** The parameters of new hashes: 2^15 × 8 × 128 B = 32 MiB and about 100 ms per hash on one core. */
const CURRENT = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
export const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_LENGTH = 1000;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  // maxmem above what the parameters take (128 × N × r bytes), which the default 32 MiB is not.
  const maxmem = 256 * (options.N ?? 0) * (options.r ?? 0);
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Refuses a password too short to resist guessing, or so long that hashing it is a burden. */
export function checkNewPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) throw Errors.passwordTooShort(MIN_PASSWORD_LENGTH);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, CURRENT);
  return ['scrypt', CURRENT.N, CURRENT.r, CURRENT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether the password is the one hashed; a hash that does not parse verifies nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !hash || password.length > MAX_PASSWORD_LENGTH) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash no password matches, verified for unknown addresses so that they take as long as known ones. */
export const DECOY_HASH = `scrypt$${CURRENT.N}$${CURRENT.r}$${CURRENT.p}$${randomBytes(16).toString('base64url')}$${randomBytes(KEY_LENGTH).toString('base64url')}`;
