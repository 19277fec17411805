// Referral codes (docs/decisions.md, "Referrals"): 5 random alphanumeric characters, unique across
// the service; with the beta's vanity setting, the first letters of the first name and 4 random
// ones.
import { randomInt } from 'node:crypto';
import type { Executor } from '../../db/executor.ts';

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
 * A code no tester holds yet, as far as can be told before the insert; the unique index is the
 * final guard. A plain code is drawn from 62^5 (about 916 million): at a million testers one draw
 * in a thousand collides, so when the caller's transaction is retried on that collision
 * (`retriedOnCollision`, as TestersRepository.transaction does) a plain code is not looked up. A
 * vanity stem is crowded (every "sarah"): its codes are always looked up first.
 */
export async function unusedReferralCode(
  executor: Executor,
  options: { vanity: boolean; firstName?: string | null; retriedOnCollision?: boolean },
): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    // After a few collisions on a crowded vanity stem, fall back to plain codes.
    const vanity = attempt < 5 && options.vanity && vanityStem(options.firstName) !== '';
    const code = candidateReferralCode(vanity ? options : { vanity: false });
    if (!vanity && options.retriedOnCollision) return code;
    const taken = await executor.selectFrom('testers').select('id').where('referral_code', '=', code).executeTakeFirst();
    if (!taken) return code;
  }
}
