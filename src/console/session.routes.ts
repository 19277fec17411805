// The console's session endpoints, reached without credentials or with the session cookie only:
// sign in and out, the current member, change password, the first owner's setup and the forgotten
// password. Everything else the console does is a call of the management API (/api/v2/…), which
// accepts the same cookie. A failed sign-in counts against its address from its network and against
// its network: an attacker elsewhere cannot keep the owner out of their own network. Failures from
// every network together past the alert's count e-mail the address's member a one-time sign-in link.
// Reset requests count per address. An unknown address and a wrong password get the same answer.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../process/config.ts';
import { Errors } from '../primitives/errors.ts';
import type { App } from '../http/app-type.ts';
import { networkOf, type FailureLimit } from '../http/rate-limits.ts';
import { checkCsrf, checkOrigin, clearSessionCookie, sessionToken, setSessionCookie } from '../http/session-cookie.ts';
import type { LinkSignIn } from '../modules/members/member-links.ts';
import { ABSOLUTE_SECONDS } from '../modules/members/sessions.ts';
import { presentMember } from '../modules/members/members.presenter.ts';
import { PasswordChangeBody, ResetBody, ResetRequestBody, SetupBody, SignInBody, SignInLinkBody } from '../modules/members/members.schemas.ts';
import type { Services } from '../services.ts';

export interface SignInLimits {
  /** Failed sign-ins of one address from one network, and reset requests of one address. */
  address: FailureLimit;
  network: FailureLimit;
  /** Failed sign-ins of one address from every network: an attack, told to the member once a window. */
  alert: FailureLimit & { readonly after: number };
}

const config = { series: 'members' } as const;
const hide = true;

export function sessionRoutes(app: App, services: Services, limits: SignInLimits, { publicUrl }: Pick<Config, 'publicUrl'>): void {
  const { members, sessions, memberLinks } = services;

  /** The live session of the request, with its CSRF checked on writes; 401 without one. */
  async function current(request: FastifyRequest) {
    const token = sessionToken(request);
    const active = token ? await sessions.resume(token) : undefined;
    if (!active) throw Errors.signInRefused('You are not signed in, or your session has ended: sign in again');
    checkCsrf(request, active.csrfToken, publicUrl);
    return active;
  }

  function signedIn(reply: FastifyReply, status: number, { member, session }: LinkSignIn) {
    setSessionCookie(reply, session.token, ABSOLUTE_SECONDS, publicUrl);
    return reply.status(status).send({ member: presentMember(member), csrf_token: session.csrfToken });
  }

  app.post('/console/session', {
    config,
    schema: { hide, body: SignInBody },
    handler: async (request, reply) => {
      checkOrigin(request, publicUrl);
      const address = `a:${request.body.email.trim().toLowerCase()}`;
      const network = `n:${networkOf(request.ip)}`;
      const addressFromNetwork = `${address}|${network}`;
      await limits.network.check(reply, network);
      await limits.address.check(reply, addressFromNetwork);
      let member: Awaited<ReturnType<typeof members.signIn>>;
      try {
        member = await members.signIn(request.body.email, request.body.password);
      } catch (error) {
        const [, , failures] = await Promise.all([limits.address.fail(addressFromNetwork), limits.network.fail(network), limits.alert.fail(address)]);
        // Once a window, as the count is reached (counted in Redis, one request sees it).
        if (failures === limits.alert.after) await memberLinks.sendSignInLink(request.body.email);
        throw error;
      }
      return signedIn(reply, 200, { member, session: await sessions.open(member.id) });
    },
  });

  app.get('/console/session', {
    config,
    schema: { hide },
    handler: async (request) => {
      const active = await current(request);
      return { member: presentMember(active.member), csrf_token: active.csrfToken };
    },
  });

  app.delete('/console/session', {
    config,
    schema: { hide },
    handler: async (request, reply) => {
      await sessions.end((await current(request)).id);
      clearSessionCookie(reply, publicUrl);
      return reply.status(204).send();
    },
  });

  app.put('/console/session/password', {
    config,
    schema: { hide, body: PasswordChangeBody },
    handler: async (request, reply) => {
      const active = await current(request);
      await members.changePassword(active.member.id, active.id, request.body.current_password, request.body.password);
      return reply.status(204).send();
    },
  });

  app.post('/console/session/link', {
    config,
    schema: { hide, body: SignInLinkBody },
    handler: async (request, reply) => {
      checkOrigin(request, publicUrl);
      return signedIn(reply, 200, await memberLinks.signInWithLink(request.body.token));
    },
  });

  app.post('/console/setup', {
    config,
    schema: { hide, body: SetupBody },
    handler: async (request, reply) => {
      checkOrigin(request, publicUrl);
      const { token, email, password, company_name } = request.body;
      return signedIn(reply, 201, await memberLinks.setUp(token, { email, password, companyName: company_name }));
    },
  });

  app.post('/console/password-resets', {
    config,
    schema: { hide, body: ResetRequestBody },
    handler: async (request, reply) => {
      checkOrigin(request, publicUrl);
      const address = `a:${request.body.email.trim().toLowerCase()}`;
      await limits.address.check(reply, address);
      await limits.address.fail(address);
      await memberLinks.requestReset(request.body.email);
      return reply.status(202).send({ message: 'If a member has this address, a link to choose a new password is on its way.' });
    },
  });

  app.post('/console/password-resets/complete', {
    config,
    schema: { hide, body: ResetBody },
    handler: async (request, reply) => {
      checkOrigin(request, publicUrl);
      return signedIn(reply, 200, await memberLinks.setPassword(request.body.token, request.body.password));
    },
  });
}
