// The rate limits the public pages are registered with, in a file of their own: the routes and
// the signup input both name them, and the routes import the signup input.
import type { FastifyReply, FastifyRequest } from 'fastify';

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface PageLimits {
  pages: Hook;
  /** `pages`, but for a leaderboard this process holds: that answer reads no database, and a refusal would cost as much as it. */
  unlessBoardInMemory: Hook;
  /** The per-network limit of signups and confirmations. */
  signups: Hook;
  /** `signups` on a signup to a beta: a refusal counts in the beta's launch panel. */
  signupAttempts: Hook;
  resend: Hook;
}
