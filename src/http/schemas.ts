// Schemas shared by many routes.
import Type from 'typebox';
import { errorCodeTable } from '../primitives/errors.ts';

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

export const BetaParams = Type.Object({
  beta_id: Type.String({ maxLength: 40, description: 'Beta id' }),
});

/** 202 Accepted with no body (checkins, queued deletion, redelivery): answered by sendAccepted. */
export const Accepted = Type.Null({ description: 'Accepted: no body' });

/**
 * Sends the 202 with no body at all (not `null`, which the schema would serialize). The handler
 * returns what this returns: an async handler that resolves to anything but its reply, while an
 * asynchronous onSend hook still holds the answer, is answered a second time by Fastify (a 500 in
 * the log and the metrics after the client has its 202).
 */
export function sendAccepted<Reply extends { code(status: number): { send(...payload: never[]): Reply } }>(reply: Reply): Reply {
  return reply.code(202).send();
}
