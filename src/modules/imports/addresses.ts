// Which addresses an import may not bring back, in one place so every rule about it is applied to
// every line. Suppressions (Manual, Unsubscribe, HardBounce, SpamComplaint) are about e-mail, not
// about being on a list: a suppressed address is imported, and the e-mail module holds back every
// message to it, as it does for a signup. A person who asked to be erased is not imported again.
import type { Executor } from '../../db/executor.ts';
import { isErased } from '../suppressions/erasures.ts';

/**
 * The addresses among `normalizedEmails` (lower-cased) that the beta may not import, each with the
 * reason a line is rejected for.
 */
export async function refusedAddresses(executor: Executor, betaId: number, normalizedEmails: readonly string[]): Promise<Map<string, string>> {
  const refused = new Map<string, string>();
  for (const email of normalizedEmails) {
    if (await isErased(executor, betaId, email)) refused.set(email, 'this person asked for their data to be erased: they are not imported again');
  }
  return refused;
}
