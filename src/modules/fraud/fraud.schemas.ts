import Type from 'typebox';
import { Nullable, NullableTimestamp } from '../../http/schemas.ts';
import { FraudFlagNames } from './fraud-signals.ts';
import { ReferralStates } from './fraud.presenter.ts';

export const FraudSchema = Type.Object(
  {
    signup_ip: Nullable(Type.String({ description: 'The profile ip sent with the signup' })),
    signup_user_agent: Nullable(Type.String({ description: 'The profile user_agent sent with the signup' })),
    flags: Type.Array(
      Type.Object({ name: Type.Enum(FraudFlagNames), reason: Type.String({ description: 'One line saying why' }) }),
      { description: 'Signals found when the tester signed up or was given a referrer; empty when none' },
    ),
    referral: Nullable(
      Type.Enum(ReferralStates, {
        description:
          'null: not referred; pending: credited when the tester joins; held: flagged, credited only once accepted (POST …/accept_referral); credited; ' +
            'reversed: the owner took the credit back (POST …/reverse_referral), never credited again',
      }),
    ),
    referral_accepted_at: NullableTimestamp,
  },
  { description: 'Extension: fraud signals that explain themselves' },
);
