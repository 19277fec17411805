// Schemas shared by many routes.
import Type from 'typebox';
import { errorCodeTable } from '../errors.ts';

export const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const Timestamp = Type.String({ format: 'date-time', description: 'ISO 8601 UTC, second precision' });
export const NullableTimestamp = Nullable(Timestamp);

export const ErrorBody = Type.Object(
  {
    errors: Type.Array(
      Type.Object({
        code: Type.Integer({ description: `What went wrong, by number (also in x-error-codes):\n\n${errorCodeTable()}` }),
        message: Type.String({ description: 'The problem in words a person can act on' }),
      }),
    ),
  },
  { $id: 'ErrorBody', description: 'One entry per problem found' },
);

/** Responses every authenticated route may give besides its success. */
export const commonErrorResponses = {
  401: Type.Ref('ErrorBody'),
  403: Type.Ref('ErrorBody'),
  404: Type.Ref('ErrorBody'),
  422: Type.Ref('ErrorBody'),
};

export const BetaParams = Type.Object({
  beta_id: Type.String({ maxLength: 40, description: 'Beta id' }),
});

/** 202 Accepted with no body (checkins, queued deletion): documented by the route's description. */
export function sendAccepted(reply: { code(status: number): { send(): unknown } }): unknown {
  return reply.code(202).send();
}
