// A tester's moves as the API shows them (GET …/testers/{tester_id}/moves.json).
import Type from 'typebox';
import { PaginationQuery } from '../../http/pagination.ts';
import { Nullable, Timestamp } from '../../http/schemas.ts';
import { MoveCauses } from './record-moves.ts';

const Position = Nullable(Type.Integer({ minimum: 1 }));
const Id = Nullable(Type.Integer());

export const MoveSchema = Type.Object(
  {
    id: Type.Integer(),
    at: Timestamp,
    cause: Type.Enum(MoveCauses, {
        description:
          'signed_up: the tester signed up; referral_credited, referral_held, referral_accepted: a friend the tester referred joined and was credited, was held for review, or was accepted by the owner; ' +
          'referral_reversed: the owner took back the credit of a friend the tester referred; ' +
          'points_awarded, points_revoked: a point of the tester; status_changed: the tester joined or left the waitlist; ' +
          'moved_by_owner: the owner changed the tester\'s priority (moved them to the front, or back to their earned place)',
    }),
    position_before: { ...Position, description: 'The waitlist position just before the move; null when the tester was not on the waitlist' },
    position: { ...Position, description: 'The waitlist position right after the move; null when the tester is not on the waitlist' },
    referrals: Type.Integer({ minimum: 0, description: "The tester's credited referrals after the move" }),
    points: Type.Integer({ description: "The tester's points after the move" }),
    referred_tester_id: { ...Id, description: "The referred tester, for a referral's move" },
    point_id: { ...Id, description: 'The point, for a move of points' },
    member_id: { ...Id, description: 'The console member whose action caused the move; null for the API, the tester or the service' },
    api_key_id: { ...Id, description: 'The API key whose request moved the tester by hand (moved_by_owner); null for every other move' },
  },
  { description: "A change of the tester's own standing and what caused it" },
);

export const MoveListQuery = Type.Object({ ...PaginationQuery });
