// A tester's fraud signals as the API shows them (extension `fraud` of the tester object).
import { apiTime } from '../../primitives/time.ts';
import type { TesterRow } from '../../db/tables/testers.ts';
import { parseFlags, type FraudFlag } from './fraud-signals.ts';

export const ReferralStates = ['pending', 'held', 'credited', 'reversed'] as const;

export interface FraudView {
  signup_ip: string | null;
  signup_user_agent: string | null;
  flags: FraudFlag[];
  referral: (typeof ReferralStates)[number] | null;
  referral_accepted_at: string | null;
}

type FraudColumns = Pick<
  TesterRow,
  'signup_ip' | 'signup_user_agent' | 'fraud_flags' | 'referrer_id' | 'referral_credited_at' | 'referral_held' | 'referral_accepted_at' | 'referral_reversed_at'
>;

export function presentFraud(row: FraudColumns): FraudView {
  return {
    signup_ip: row.signup_ip,
    signup_user_agent: row.signup_user_agent,
    flags: parseFlags(row.fraud_flags),
    referral:
      row.referrer_id === null ? null : row.referral_reversed_at ? 'reversed' : row.referral_credited_at ? 'credited' : row.referral_held ? 'held' : 'pending',
    referral_accepted_at: apiTime(row.referral_accepted_at),
  };
}
