import Type from 'typebox';
import { BetaParams, Nullable, NullableTimestamp, Timestamp } from '../../http/schemas.ts';
import { BetaSettingsSchema } from '../betas/beta-settings.ts';
import { SIMULATED_SETTINGS, SimulatedRules } from './fraud-simulation.ts';

export const SimulationStates = ['running', 'completed', 'failed'] as const;

const SimulatedSettings = Type.Pick(BetaSettingsSchema, SIMULATED_SETTINGS);

export const SimulationCreateBody = Type.Object({
  settings: Type.Optional(
    Type.Partial(SimulatedSettings, {
      description: `Required. Fraud and signup settings to try, by the beta settings' own names (${SIMULATED_SETTINGS.join(', ')}); the beta's own stand for those left out`,
    }),
  ),
});

export const SimulationParams = Type.Object({
  ...BetaParams.properties,
  simulation_id: Type.String({ maxLength: 40, description: 'Fraud simulation id' }),
});

const Example = Type.Object({
  tester_id: Type.Integer(),
  email: Type.String(),
  outcome: Type.Enum(['flagged', 'held', 'refused']),
  reason: Type.String({ description: 'Why, in words' }),
});

export const SimulationSchema = Type.Object(
  {
    id: Type.Integer(),
    beta_id: Type.Integer(),
    status: Type.Enum(SimulationStates),
    progress: Type.Integer({ minimum: 0, maximum: 100, description: 'Per cent of the beta’s testers read (as a bulk action’s progress)' }),
    testers_checked: Type.Integer({ description: 'Testers checked as signups so far (imported testers never were, and are not)' }),
    settings: Type.Object(SimulatedSettings.properties, { description: 'The settings tried: those proposed, and the beta’s own for the rest' }),
    rules: Type.Array(
      Type.Object({
        rule: Type.Enum(SimulatedRules, { description: 'A setting that refuses signups, or a fraud flag' }),
        flagged: Type.Integer({ description: 'Testers the flag would mark without a referral to hold' }),
        held: Type.Integer({ description: 'Referrals the flag would hold for review' }),
        refused: Type.Integer({ description: 'Signups the rule would refuse (the first rule to refuse each counts it)' }),
        examples: Type.Array(Example, { description: 'The first few testers of each outcome' }),
      }),
      { description: 'Once completed: what each rule would have done; empty before' },
    ),
    positions_changed: Nullable(Type.Integer({ description: 'Once completed: waitlisted testers who would stand elsewhere (the refused leave the waitlist)' })),
    requested_by: Type.Object({ member_id: Nullable(Type.Integer()), api_key_id: Nullable(Type.Integer()) }),
    failure: Nullable(Type.String()),
    created_at: Timestamp,
    finished_at: NullableTimestamp,
  },
  { description: 'Extension: fraud and signup settings tried on the beta’s testers, changing nothing' },
);
