// The pages visitors reach without a key: a beta's hosted signup page (/b/{slug or id}) and its
// leaderboard (/b/{slug or id}/leaderboard), share links and the status page with its public-name
// form (/r/{code}), and the double opt-in confirmation (/confirm/{token}).
// Plain HTML forms that work without JavaScript; every rule lives in VisitorsService.
import type { FastifyReply } from 'fastify';
import Type from 'typebox';
import type { Config } from '../process/config.ts';
import { ApiError } from '../primitives/errors.ts';
import type { App } from '../http/app-type.ts';
import type { Beta } from '../modules/betas/betas.service.ts';
import { CHANNEL_PARAMETER, shareChannelOf } from '../modules/referrals/share-channels.ts';
import { TRACKING_FIELDS } from '../modules/visitors/signup-fields.ts';
import type { Confirmation, SignupForm, VisitorsService } from '../modules/visitors/visitors.service.ts';
import { frameOf } from './design.ts';
import { sendHtmlPage } from './html.ts';
import { sendPrepared } from '../http/prepared-answers.ts';
import { boardPage, secondsKept } from './leaderboard-answers.ts';
import { BetaParams, ChannelTag, fieldErrors, SIGNUP_BODY_LIMIT, signupAttempt, signupInput, signupRouteOptions } from './signup-input.ts';
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
import { mayCount, referralFromCookie, referralOf, rememberReferral, visitorOf, type Referral } from './visitor.ts';
import type { PageLimits } from './page-limits.ts';

const CodeParams = Type.Object({ code: Type.String({ maxLength: 64 }) });
const TokenParams = Type.Object({ token: Type.String({ maxLength: 64 }) });
const SignupPageQuery = Type.Object({
  r: Type.Optional(Type.String({ maxLength: 64 })),
  ch: Type.Optional(ChannelTag),
  ...Object.fromEntries(TRACKING_FIELDS.filter((f) => f !== 'http_referrer').map((f) => [f, Type.Optional(Type.String({ maxLength: 255 }))])),
});
const ShareQuery = Type.Object({
  check: Type.Optional(Type.String({ maxLength: 64 })),
  ch: Type.Optional(ChannelTag),
  // After the public-name form's redirect: the page says the change was saved.
  saved: Type.Optional(Type.String({ maxLength: 16 })),
});
const StatusPageQuery = Type.Object({ check: Type.String({ maxLength: 64 }) });
const PublicNameBody = Type.Object({
  leaderboard_name: Type.Optional(Type.String({ maxLength: 1000 })),
  clear: Type.Optional(Type.String({ maxLength: 8 })),
});
const ResendBody = Type.Object({ email: Type.Optional(Type.String({ maxLength: 320 })) });

const BETA_NOT_FOUND = 'There is no waitlist at this address. Please check the link.';
const NO_LEADERBOARD = 'This waitlist has no public leaderboard.';
const LINK_NOT_FOUND = 'This link is not valid. Please check it, or ask the person who shared it for a new one.';

/**
 * Where a share link sends a visitor: the beta's homepage with ?r={code}, and ?ch={channel} when
 * the link had one, for the signup page or the embed there (never a URL from the request).
 */
function homepageWithReferral(beta: Beta, referral: Referral): string {
  const url = new URL(beta.homepage_url);
  url.searchParams.set('r', referral.code);
  if (referral.channel) url.searchParams.set(CHANNEL_PARAMETER, referral.channel);
  return url.toString();
}

/** A share link's QR code does not change while its tester keeps the code: browsers keep it a day. */
const QR_CODE_MAX_AGE_SECONDS = 86_400;

export function pagesRoutes(app: App, visitors: VisitorsService, limits: PageLimits, config: Pick<Config, 'publicUrl'>): void {
  const secureCookies = config.publicUrl.startsWith('https:');
  const { publicUrl } = config;
  /** The signup form, with the hero and link-preview tags of the beta's design, and who invited the visitor. */
  const sendSignupPage = async (reply: FastifyReply, status: number, form: SignupForm, state: FormState) => {
    const inviter = await visitors.inviterName(form.beta, state.referral?.code ?? null);
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
        referral: referralOf(request.query, () => referralFromCookie(request, form.beta.id)),
      };
      return sendSignupPage(reply, 200, form, state);
    },
  });

  app.post('/b/:beta', {
    ...signupRouteOptions(limits),
    handler: async (request, reply) => {
      const form = await visitors.signupForm(request.params.beta);
      if (!form) return sendHtmlPage(reply, 404, 'Not found', notFoundContent(BETA_NOT_FOUND));
      const referral = referralOf(request.body, () => referralFromCookie(request, form.beta.id));
      try {
        const outcome = await visitors.signUp(form.beta, signupInput(request.body, form, referral), visitorOf(request), signupAttempt(request.body, request.headers.origin));
        return sendHtmlPage(reply, 200, form.beta.name, signedUpPage(form.beta, outcome, publicUrl), { frame: frameOf(form.beta, publicUrl) });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const state: FormState = { values: request.body, errors: fieldErrors(error), referral };
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
        const saved = request.query.saved === 'name';
        const nameForm = { value: standing.tester.leaderboard_name ?? '', error: null, saved };
        return sendHtmlPage(reply, 200, standing.beta.name, standingPage(standing, publicUrl, nameForm), { frame: frameOf(standing.beta, publicUrl) });
      }
      const sharer = await visitors.sharer(request.params.code);
      if (!sharer) return sendHtmlPage(reply, 404, 'Not found', notFoundContent(LINK_NOT_FOUND));
      const referral: Referral = { code: sharer.tester.referral_code, channel: shareChannelOf(request.query.ch) };
      if (mayCount(request)) await visitors.recordClick(sharer.beta, sharer.tester, visitorOf(request), referral.channel);
      rememberReferral(reply, sharer.beta.id, referral, secureCookies);
      return reply.redirect(homepageWithReferral(sharer.beta, referral), 302);
    },
  });

  // The share link tagged `qr` as a QR code, for the status page and print. Not a click: scanning is.
  app.get('/r/:code/qr.svg', {
    schema: { hide: true, params: CodeParams },
    onRequest: limits.pages,
    handler: async (request, reply) => {
      const svg = await visitors.shareQrCode(request.params.code);
      if (svg === undefined) return sendHtmlPage(reply, 404, 'Not found', notFoundContent(LINK_NOT_FOUND));
      return reply
        .header('Content-Type', 'image/svg+xml; charset=utf-8')
        .header('Cache-Control', `public, max-age=${QR_CODE_MAX_AGE_SECONDS}`)
        .send(svg);
    },
  });

  // The status page's public-name form: the check in the URL is the capability, as on the page.
  // Saved, it redirects to the page (a reload sends nothing twice); refused, the page comes back
  // with the message next to the field and what was typed.
  app.post('/r/:code', {
    schema: { hide: true, params: CodeParams, querystring: StatusPageQuery, body: PublicNameBody },
    config: { series: 'testers' as const },
    bodyLimit: SIGNUP_BODY_LIMIT,
    onRequest: limits.signups,
    handler: async (request, reply) => {
      const { code } = request.params;
      const { check } = request.query;
      const name = request.body.clear ? '' : (request.body.leaderboard_name ?? '');
      try {
        if (!(await visitors.setPublicName(code, check, name))) return sendHtmlPage(reply, 404, 'Not found', notFoundContent(LINK_NOT_FOUND));
        const back = new URLSearchParams({ check, saved: 'name' });
        return reply.redirect(`/r/${encodeURIComponent(code)}?${back}#public-name-saved`, 303);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const standing = await visitors.standingByCheck(code, check);
        if (!standing) return sendHtmlPage(reply, 404, 'Not found', notFoundContent(LINK_NOT_FOUND));
        const message = error.errors.map((e) => e.message).join(' ');
        return sendHtmlPage(reply, error.statusCode, standing.beta.name, standingPage(standing, publicUrl, { value: name, error: message, saved: false }));
      }
    },
  });

  app.get('/b/:beta/leaderboard', {
    schema: { hide: true, params: BetaParams },
    onRequest: limits.unlessBoardInMemory,
    handler: async (request, reply) => {
      const found = await visitors.leaderboard(request.params.beta);
      if (!found) return sendHtmlPage(reply, 404, 'Not found', notFoundContent(BETA_NOT_FOUND));
      if (!found.board) return sendHtmlPage(reply, 404, 'Not found', notFoundContent(NO_LEADERBOARD));
      reply.header('X-Robots-Tag', 'noindex');
      return sendPrepared(request, reply, boardPage(found.beta, found.board), secondsKept(found.board));
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
        return sendHtmlPage(reply, 200, found.standing.beta.name, standingPage(found.standing, publicUrl), { frame: frameOf(found.standing.beta, publicUrl) });
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
