// The pages visitors reach without a key: a beta's hosted signup page (/b/{slug or id}), share
// links and the status page (/r/{code}), and the double opt-in confirmation (/confirm/{token}).
// Plain HTML forms that work without JavaScript; every rule lives in VisitorsService.
import type { FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Config } from '../config.ts';
import { ApiError } from '../errors.ts';
import type { App } from '../http/app-type.ts';
import type { Beta } from '../modules/betas/betas.service.ts';
import { TRACKING_FIELDS } from '../modules/visitors/signup-fields.ts';
import type { Confirmation, SignupForm, VisitorsService } from '../modules/visitors/visitors.service.ts';
import { frameOf } from './design.ts';
import { sendHtmlPage } from './html.ts';
import { BetaParams, fieldErrors, SIGNUP_BODY_LIMIT, signupInput, signupRouteOptions } from './signup-input.ts';
import {
  confirmPage,
  expiredPage,
  messagePage,
  notFoundContent,
  signedUpPage,
  signupPage,
  standingPage,
  unknownConfirmationPage,
  type FormState,
} from './views.ts';
import { mayCount, referralCode, referralFromCookie, rememberReferral, visitorOf } from './visitor.ts';

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface PageLimits {
  pages: Hook;
  signups: Hook;
  resend: Hook;
}

const CodeParams = Type.Object({ code: Type.String({ maxLength: 64 }) });
const TokenParams = Type.Object({ token: Type.String({ maxLength: 64 }) });
const SignupPageQuery = Type.Object({
  r: Type.Optional(Type.String({ maxLength: 64 })),
  ...Object.fromEntries(TRACKING_FIELDS.filter((f) => f !== 'http_referrer').map((f) => [f, Type.Optional(Type.String({ maxLength: 255 }))])),
});
const ShareQuery = Type.Object({ check: Type.Optional(Type.String({ maxLength: 64 })) });
const ResendBody = Type.Object({ email: Type.Optional(Type.String({ maxLength: 320 })) });

const BETA_NOT_FOUND = 'There is no waitlist at this address. Please check the link.';
const LINK_NOT_FOUND = 'This link is not valid. Please check it, or ask the person who shared it for a new one.';

/** Where a share link sends a visitor: the beta's homepage with ?r={code} (never a URL from the request). */
function homepageWithReferral(beta: Beta, code: string): string {
  const url = new URL(beta.homepage_url);
  url.searchParams.set('r', code);
  return url.toString();
}

export function pagesRoutes(app: App, visitors: VisitorsService, limits: PageLimits, config: Pick<Config, 'publicUrl'>): void {
  const secureCookies = config.publicUrl.startsWith('https:');
  const { publicUrl } = config;
  /** The signup form, with the hero and link-preview tags of the beta's design, and who invited the visitor. */
  const sendSignupPage = async (reply: FastifyReply, status: number, form: SignupForm, state: FormState) => {
    const inviter = await visitors.inviterName(form.beta, state.referralCode);
    return sendHtmlPage(reply, status, form.beta.page.headline ?? form.beta.name, signupPage(form, state, inviter), {
      indexed: true,
      frame: frameOf(form.beta, publicUrl, { landing: true }),
    });
  };

  app.get('/b/:beta', {
    schema: { hide: true, params: BetaParams, querystring: SignupPageQuery },
    onRequest: limits.pages,
    handler: async (request, reply) => {
      const form = await visitors.signupForm(request.params.beta);
      if (!form) return sendHtmlPage(reply, 404, 'Not found', notFoundContent(BETA_NOT_FOUND));
      if (mayCount(request)) await visitors.recordImpression(form.beta, visitorOf(request));
      const referer = request.headers.referer;
      const values: Record<string, unknown> = { ...request.query, http_referrer: typeof referer === 'string' ? referer.slice(0, 2048) : undefined };
      const state: FormState = {
        values,
        errors: [],
        referralCode: referralCode(request.query.r) ?? referralFromCookie(request, form.beta.id),
      };
      return sendSignupPage(reply, 200, form, state);
    },
  });

  app.post('/b/:beta', {
    ...signupRouteOptions(limits),
    handler: async (request, reply) => {
      const form = await visitors.signupForm(request.params.beta);
      if (!form) return sendHtmlPage(reply, 404, 'Not found', notFoundContent(BETA_NOT_FOUND));
      const code = referralCode(request.body.r) ?? referralFromCookie(request, form.beta.id);
      try {
        const tester = await visitors.signUp(form.beta, signupInput(request.body, form, code), visitorOf(request));
        return sendHtmlPage(reply, 200, form.beta.name, signedUpPage(form.beta, tester), { frame: frameOf(form.beta, publicUrl) });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const state: FormState = { values: request.body, errors: fieldErrors(error), referralCode: code };
        return sendSignupPage(reply, error.statusCode, form, state);
      }
    },
  });

  app.get('/r/:code', {
    schema: { hide: true, params: CodeParams, querystring: ShareQuery },
    onRequest: limits.pages,
    handler: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { check } = request.query;
      if (check !== undefined) {
        // The status link: the standing with the right check; otherwise the same page as an unknown code.
        const standing = await visitors.standingByCheck(request.params.code, check);
        if (!standing) return sendHtmlPage(reply, 404, 'Not found', notFoundContent(LINK_NOT_FOUND));
        return sendHtmlPage(reply, 200, standing.beta.name, standingPage(standing), { frame: frameOf(standing.beta, publicUrl) });
      }
      const sharer = await visitors.sharer(request.params.code);
      if (!sharer) return sendHtmlPage(reply, 404, 'Not found', notFoundContent(LINK_NOT_FOUND));
      if (mayCount(request)) await visitors.recordClick(sharer.beta, sharer.tester, visitorOf(request));
      rememberReferral(reply, sharer.beta.id, sharer.tester.referral_code, secureCookies);
      return reply.redirect(homepageWithReferral(sharer.beta, sharer.tester.referral_code), 302);
    },
  });

  const confirmationPage = (reply: FastifyReply, token: string, found: Confirmation) => {
    switch (found.state) {
      case 'unknown':
        return sendHtmlPage(reply, 404, 'Link not found', unknownConfirmationPage());
      case 'expired':
        return sendHtmlPage(reply, 410, 'Link expired', expiredPage(found.beta, token), { frame: frameOf(found.beta, publicUrl) });
      case 'pending':
        return sendHtmlPage(reply, 200, 'Confirm your e-mail address', confirmPage(found.beta, found.email), { frame: frameOf(found.beta, publicUrl) });
      case 'confirmed':
        return sendHtmlPage(reply, 200, found.standing.beta.name, standingPage(found.standing), { frame: frameOf(found.standing.beta, publicUrl) });
    }
  };

  // GET only asks (mail scanners and link previews follow links); the button's POST confirms.
  app.get('/confirm/:token', {
    schema: { hide: true, params: TokenParams },
    onRequest: limits.pages,
    handler: async (request, reply) => confirmationPage(reply, request.params.token, await visitors.confirmation(request.params.token)),
  });

  app.post('/confirm/:token', {
    schema: { hide: true, params: TokenParams },
    bodyLimit: SIGNUP_BODY_LIMIT,
    onRequest: limits.signups,
    handler: async (request, reply) => {
      try {
        return confirmationPage(reply, request.params.token, await visitors.confirm(request.params.token));
      } catch (error) {
        // A rule of the status change (signups closed, the tester suspended meanwhile): said as the API says it.
        if (!(error instanceof ApiError)) throw error;
        return sendHtmlPage(reply, error.statusCode, 'Not confirmed', messagePage('Not confirmed', error.message, 'error-message'));
      }
    },
  });

  app.post('/confirm/:token/resend', {
    schema: { hide: true, params: TokenParams },
    bodyLimit: SIGNUP_BODY_LIMIT,
    onRequest: limits.resend,
    handler: async (request, reply) => {
      const outcome = await visitors.resendForToken(request.params.token);
      switch (outcome) {
        case 'unknown':
          return sendHtmlPage(reply, 404, 'Link not found', unknownConfirmationPage());
        case 'not_needed':
          return sendHtmlPage(reply, 200, 'Already confirmed', messagePage('Already confirmed', 'Your address is confirmed already: there is nothing more to do.', 'resend-outcome'));
        case 'too_soon':
          return sendHtmlPage(reply, 429, 'Link sent recently', messagePage('Link sent recently', 'We sent you a new link a few minutes ago. Please check your inbox (and the spam folder).', 'resend-outcome'));
        case 'sent':
          return sendHtmlPage(reply, 200, 'New link sent', messagePage('New link sent', 'We sent you a new confirmation link. It works for 7 days.', 'resend-outcome'));
      }
    },
  });

  app.post('/confirm/resend', {
    schema: { hide: true, body: ResendBody },
    bodyLimit: SIGNUP_BODY_LIMIT,
    onRequest: limits.resend,
    handler: async (request, reply) => {
      await visitors.resendForEmail(request.body.email ?? '');
      // The same answer whatever happened: the form tells nobody whether an address signed up.
      return sendHtmlPage(
        reply,
        200,
        'Check your inbox',
        messagePage('Check your inbox', 'If a signup with that address is waiting to be confirmed, we have sent it a new link.', 'resend-outcome'),
      );
    },
  });
}
