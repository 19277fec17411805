import type { Static } from 'typebox';
import { apiTime } from '../../primitives/time.ts';
import type { TesterStatus } from '../testers/tester-status.ts';
import type { DecisionOutcome, FraudDecision, ListedCluster, QueuedTester } from './fraud-review.ts';
import type { FlaggedTesterSchema, FraudClusterSchema, FraudDecisionSchema } from './fraud-review.schemas.ts';
import { presentFraud } from './fraud.presenter.ts';

export function presentFlagged(row: QueuedTester): Static<typeof FlaggedTesterSchema> {
  const fraud = presentFraud(row);
  return {
    id: row.id,
    email: row.email,
    status: row.status as TesterStatus,
    created_at: apiTime(row.created_at),
    referred_by: row.referrer_email,
    referral: fraud.referral,
    signup_ip: fraud.signup_ip,
    signup_user_agent: fraud.signup_user_agent,
    flags: fraud.flags,
  };
}

export function presentDecision(row: DecisionOutcome['decisions'][number]): Static<typeof FraudDecisionSchema> {
  return {
    id: row.id,
    tester_id: row.tester_id,
    tester_email: row.tester_email,
    decision: row.decision as FraudDecision,
    note: row.note,
    decided_by: { member_id: row.member_id, api_key_id: row.api_key_id, name: row.decided_by },
    created_at: apiTime(row.created_at),
  };
}

export function presentCluster(cluster: ListedCluster): Static<typeof FraudClusterSchema> {
  const label = cluster.referrerId !== null ? (cluster.referrerEmail ?? `tester ${cluster.referrerId}`) : cluster.userAgent !== null ? `${cluster.ips[0]} with ${cluster.userAgent}` : cluster.key;
  return { by: cluster.by, key: cluster.key, label, size: cluster.size, members: cluster.members.map(presentFlagged) };
}
