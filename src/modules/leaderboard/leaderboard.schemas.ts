import Type from 'typebox';
import { Nullable, NullableTimestamp, Timestamp } from '../../http/schemas.ts';

const Count = Type.Integer({ minimum: 0 });

export const NextRewardSchema = Type.Object({
  reward_definition_id: Type.Integer(),
  name: Type.String(),
  referrals_required: Count,
  referrals_needed: { ...Count, description: 'Credited referrals the tester still needs for it' },
});

export const ProgressSchema = Type.Object(
  {
    tester_id: Type.Integer(),
    waitlist_position: Nullable(Type.Integer({ description: 'As in the tester object: null when the tester is not on the waitlist' })),
    waitlist_length: Count,
    position_with_one_more_referral: Nullable(
      Type.Integer({
        description:
          "The position one more credited referral would give the tester, everyone else as they are now (in points order the referral adds the beta's referral_points). " +
          'null when the waitlist is ordered by signup time and for a tester not on the waitlist',
      }),
    ),
    estimated_invitation_at: {
      ...NullableTimestamp,
      description:
        "When the tester can expect their invitation: from the beta's running top invitation schedules when it has any, else from its invitations of the last 14 days and the testers ahead; " +
        'null off the waitlist and with neither (docs/waitlist.md)',
    },
    share_signups_count: { ...Count, description: "The tester's credited referrals" },
    points: { ...Count, description: "The tester's points" },
    next_rewards: Type.Array(NextRewardSchema, { description: "The beta's milestone rewards the tester has not reached yet, fewest referrals first" }),
  },
  { description: "A tester's standing, what one more referral would do, and the milestone rewards ahead" },
);

export const OwnerLeaderboardSchema = Type.Object({
  enabled: Type.Boolean({ description: 'The beta\'s leaderboard_enabled: whether visitors see it' }),
  size: Type.Integer({ description: 'The beta\'s leaderboard_size' }),
  updated_at: Timestamp,
  entries: Type.Array(
    Type.Object({
      rank: Type.Integer({ minimum: 1 }),
      tester_id: Type.Integer(),
      email: Type.String(),
      leaderboard_name: Nullable(Type.String()),
      name: Type.String({ description: 'What visitors see: leaderboard_name, else the masked address' }),
      waitlist_position: Type.Integer({ minimum: 1 }),
      referrals: Count,
      points: Count,
    }),
    { description: 'The board visitors see, in waitlist order, with who each entry is' },
  ),
});

export const PublicLeaderboardSchema = Type.Object({
  entries: Type.Array(Type.Object({ rank: Type.Integer({ minimum: 1 }), name: Type.String(), referrals: Count, points: Count })),
  updated_at: Timestamp,
});
