import Type from 'typebox';
import { PaginationQuery } from '../../http/pagination.ts';
import { BetaParams, Nullable, Timestamp } from '../../http/schemas.ts';
import { TesterStatuses } from '../testers/tester-status.ts';
import { FraudFlagNames } from './fraud-signals.ts';
import { CLUSTER_MEMBERS_SHOWN, ClusterKinds } from './fraud-clusters.ts';
import { FraudDecisions, MAX_DECIDED } from './fraud-review.ts';
import { ReferralStates } from './fraud.presenter.ts';

export const FlaggedTesterSchema = Type.Object(
  {
    id: Type.Integer(),
    email: Type.String(),
    status: Type.Enum(TesterStatuses),
    created_at: Timestamp,
    referred_by: Nullable(Type.String({ description: "The referrer's e-mail address" })),
    referral: Nullable(Type.Enum(ReferralStates, { description: 'null: not referred; held: waits for approval; pending or credited' })),
    signup_ip: Nullable(Type.String()),
    signup_user_agent: Nullable(Type.String()),
    flags: Type.Array(Type.Object({ name: Type.Enum(FraudFlagNames), reason: Type.String({ description: 'The signal explained in words' }) })),
  },
  { $id: 'FlaggedTester' },
);

export const FraudDecisionSchema = Type.Object(
  {
    id: Type.Integer(),
    tester_id: Type.Integer(),
    tester_email: Type.String(),
    decision: Type.Enum(FraudDecisions),
    note: Nullable(Type.String()),
    decided_by: Type.Object({
      member_id: Nullable(Type.Integer()),
      api_key_id: Nullable(Type.Integer()),
      name: Type.String({ description: "The member's address or the API key's name, as it was then" }),
    }),
    created_at: Timestamp,
  },
  { $id: 'FraudDecision' },
);

const Decision = Type.Enum(FraudDecisions, {
  description: 'Required. approve: the held referral is credited (as accept_referral does); reject: never credited, and the tester moves to rejected where the status rules permit',
});
const Note = Type.Optional(Type.String({ maxLength: 1000, description: 'Why, for the log' }));

export const DecideOneBody = Type.Object({ decision: Type.Optional(Decision), note: Note });

export const DecideManyBody = Type.Object({
  decision: Type.Optional(Decision),
  tester_ids: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: MAX_DECIDED, description: `Required. The testers to decide, at most ${MAX_DECIDED}` }),
  ),
  note: Note,
});

export const DecideManyResult = Type.Object({
  decisions: Type.Array(FraudDecisionSchema),
  skipped: Type.Array(
    Type.Object({
      tester_id: Type.Integer(),
      reason: Type.Enum(['not_found', 'not_flagged', 'already_decided'] as const),
    }),
    { description: 'Testers named that were not decided, and why' },
  ),
});

export const FraudListQuery = Type.Object({ ...PaginationQuery });

export const FraudTesterParams = Type.Object({
  ...BetaParams.properties,
  tester_id: Type.String({ maxLength: 64, description: 'Tester id' }),
});

const CLUSTER_KINDS_SAID = 'network: the signup IP\'s /24 (IPv4) or /48 (IPv6); device: the same signup IP and user agent; referrer: referred by the same tester';
const ClusterKind = Type.Enum(ClusterKinds, { description: CLUSTER_KINDS_SAID });
const ClusterKey = Type.String({
  minLength: 1,
  maxLength: 2100,
  description: "The cluster as listed: a network's subnet (203.0.113.0/24), a device's IP address, a space and its user agent, a referrer's tester id",
});

export const FraudClustersQuery = Type.Object({ ...PaginationQuery, by: Type.Optional(Type.Enum(ClusterKinds, { description: `${CLUSTER_KINDS_SAID}; network when not given` })) });

export const FraudClusterSchema = Type.Object(
  {
    by: ClusterKind,
    key: ClusterKey,
    label: Type.String({ description: 'The cluster in words: the subnet, the IP address and user agent, or the referrer\'s address' }),
    size: Type.Integer({ description: 'Its flagged testers not reviewed yet' }),
    members: Type.Array(FlaggedTesterSchema, { description: `Its first ${CLUSTER_MEMBERS_SHOWN} members, oldest first` }),
  },
  { $id: 'FraudCluster' },
);

export const DecideClusterBody = Type.Object({
  by: Type.Optional(ClusterKind),
  key: Type.Optional(ClusterKey),
  decision: Type.Optional(Decision),
  note: Note,
});

export const DecideClusterResult = Type.Object({
  by: ClusterKind,
  key: ClusterKey,
  decision: Type.Enum(FraudDecisions),
  decided: Type.Integer({ description: 'Members decided: each has its decision in the log' }),
});
