// Referral codes (docs/decisions.md, "Referrals"): 5 random alphanumeric characters, unique across
// the service; with the beta's vanity setting, the first letters of the first name and 4 random
// ones.
import { randomInt } from 'node:crypto';
import type { Executor } from '../../db/database.ts';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomChars(count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

/** "Zoë-Ann" → "zoeann": ASCII letters of the first name, at most six. */
function vanityStem(firstName: string | null | undefined): string {
  return (firstName ?? '')
    .normalize('NFKD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase()
    .slice(0, 6);
}

export function candidateReferralCode(options: { vanity: boolean; firstName?: string | null }): string {
  const stem = options.vanity ? vanityStem(options.firstName) : '';
  return stem ? stem + randomChars(4) : randomChars(5);
}

/**
 * A code no tester holds yet. The unique index is the final guard: the caller retries its
 * transaction on the rare collision between this check and its insert.
 */
export async function unusedReferralCode(executor: Executor, options: { vanity: boolean; firstName?: string | null }): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    // After a few collisions on a crowded vanity stem, fall back to plain codes.
    const code = candidateReferralCode(attempt < 5 ? options : { vanity: false });
    const taken = await executor.selectFrom('testers').select('id').where('referral_code', '=', code).executeTakeFirst();
    if (!taken) return code;
  }
}
