import Type from 'typebox';
import { PaginationQuery } from '../../http/pagination.ts';
import { BetaParams, NullableTimestamp, Nullable, Timestamp } from '../../http/schemas.ts';
import { PointActivities } from './point-activities.ts';

export const MAX_POINT_QUANTITY = 1_000_000;
export const MAX_POINT_REASON_LENGTH = 500;

const pointFields = {
  id: Type.Integer(),
  quantity: Type.Integer({ description: 'Points issued; negative for a deduction' }),
  reason: Nullable(Type.String({ description: 'Reason for issuing; set for bonus points' })),
  user_id: Type.Integer({ description: 'The tester who received the points' }),
  created_at: Timestamp,
};

/** A point as the v2 interface's lists show it, with revoked_at (extension). */
export const PointSchema = Type.Object(
  {
    id: pointFields.id,
    quantity: pointFields.quantity,
    activity: Type.Enum(PointActivities),
    reason: pointFields.reason,
    user_id: pointFields.user_id,
    created_at: pointFields.created_at,
    revoked_at: { ...NullableTimestamp, description: 'Extension: when the point was revoked (it no longer counts); null while it counts' },
  },
  { $id: 'Point' },
);

/** A point in the list: with the address of its tester (extension), as the console's points log shows it. */
export const ListedPointSchema = Type.Object(
  {
    ...PointSchema.properties,
    email: Type.String({ description: 'Extension: the e-mail address of the tester who received the points' }),
  },
  { $id: 'ListedPoint' },
);

/** The create answer: the v2 interface's five fields, no activity. */
export const CreatedPointSchema = Type.Object(
  {
    id: pointFields.id,
    quantity: pointFields.quantity,
    reason: pointFields.reason,
    user_id: pointFields.user_id,
    created_at: pointFields.created_at,
  },
  { $id: 'CreatedPoint' },
);

const PointInputFields = Type.Partial(
  Type.Object({
    email: Type.String({ maxLength: 320, description: 'E-mail address of the tester receiving the points (required)' }),
    quantity: Type.Integer({
      minimum: -MAX_POINT_QUANTITY,
      maximum: MAX_POINT_QUANTITY,
      description: 'Points to award (required): a non-zero integer; negative deducts',
    }),
    reason: Type.String({ maxLength: MAX_POINT_REASON_LENGTH, description: 'Shown on the tester\'s profile page' }),
  }),
);

export const PointCreateBody = Type.Object({
  point: Type.Optional({ ...PointInputFields, description: 'The fields, wrapped (or send them unwrapped)' }),
  ...PointInputFields.properties,
});

export const PointListQuery = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 320, description: 'Only the points of the tester with this e-mail address' })),
  ...PaginationQuery,
});

export const PointParams = Type.Object({
  ...BetaParams.properties,
  point_id: Type.String({ maxLength: 40, description: 'Point id' }),
});
