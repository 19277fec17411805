// The JSON endpoints of the embeddable form (/public/betas/{slug or id}/…): no key, CORS for any
// site, limited per visitor network (public-scope.ts). The form's definition (fetching it is the
// form's impression), signups, share clicks on a beta's own referral_url page, and the beta's
// public leaderboard (404 while the beta shows none).
import Type from 'typebox';
import { ApiError, Errors } from '../primitives/errors.ts';
import type { App } from '../http/app-type.ts';
import { paletteOf } from '../modules/betas/beta-page.ts';
import { imageUrl } from '../modules/betas/betas.presenter.ts';
import type { Beta } from '../modules/betas/betas.service.ts';
import type { VisitorsService } from '../modules/visitors/visitors.service.ts';
import { countryChoices } from '../modules/visitors/signup-fields.ts';
import { channelLink, defaultShareMessage, shareButtons, shareChannelOf } from '../modules/referrals/share-channels.ts';
import { sendPrepared } from '../http/prepared-answers.ts';
import { boardJson, secondsKept } from './leaderboard-answers.ts';
import type { PageLimits } from './page-limits.ts';
import { ALREADY_ON_LIST, BetaParams, ChannelTag, fieldErrors, SIGNUP_BODY_LIMIT, signupAttempt, signupInput, signupRouteOptions } from './signup-input.ts';
import { HONEYPOT_FIELD } from '../modules/signup-guard/signup-guard.ts';
import type { TesterView } from '../modules/testers/testers.presenter.ts';
import { ALTCHA_EMBED_SCRIPT } from './altcha-assets.ts';
import { plainText } from './markdown.ts';
import { mayCount, referralCode, referralOf, visitorOf } from './visitor.ts';

const ClickBody = Type.Object({ r: Type.Optional(Type.String({ maxLength: 64 })), ch: Type.Optional(ChannelTag) });

const betaNotFound = () => Errors.notFound('Beta not found');

/** A new tester as the embed shows them: their standing and share links. */
function joinedTester(beta: Beta, tester: TesterView) {
  return {
    email: tester.email,
    status: tester.status,
    confirmation_required: false,
    referral_code: tester.referral_code,
    share_link: tester.share_link,
    // The share buttons as the hosted page has them: each network's link tagged with its channel.
    copy_link: channelLink(tester.share_link, 'copy'),
    share_buttons: shareButtons(tester.share_link, beta.page.share_message ?? defaultShareMessage(beta.name)),
    share_status_link: tester.share_status_link,
    waitlist_position: tester.waitlist_position,
    waitlist_ahead: tester.waitlist_ahead,
    waitlist_behind: tester.waitlist_behind,
    waitlist_length: tester.waitlist_length,
  };
}

/**
 * The design as the embed wears it: texts as plain text (the embed builds elements with
 * textContent and parses no HTML from the network), the colours with the text colours drawn on
 * them, the logo as an absolute URL (the embed runs on other sites).
 */
function embedDesign(beta: Beta, waiting: number | null, publicUrl: string) {
  const { page } = beta;
  const palette = paletteOf(page);
  return {
    headline: page.headline,
    description: page.description === null ? null : plainText(page.description, 2000),
    button_text: page.button_text,
    thank_you_headline: page.thank_you_headline,
    thank_you_text: page.thank_you_text,
    share_message: page.share_message,
    brand_color: palette.brand,
    brand_text_color: palette.onBrand,
    logo_url: imageUrl(publicUrl, page.logo),
    waiting,
  };
}

export function publicApiRoutes(app: App, visitors: VisitorsService, limits: PageLimits, publicUrl: string): void {
  app.get('/betas/:beta/form', {
    schema: { hide: true, params: BetaParams },
    onRequest: limits.pages,
    handler: async (request, reply) => {
      const form = await visitors.signupForm(request.params.beta);
      if (!form) throw betaNotFound();
      if (mayCount(request)) await visitors.recordImpression(form.beta, visitorOf(request));
      reply.header('Cache-Control', 'no-store');
      return {
        beta: { id: form.beta.id, name: form.beta.name, accepting_signups: form.beta.settings.accepting_signups },
        fields: form.fields,
        questions: form.questions.map(({ id, kind, prompt, choices, required }) => ({ id, kind, prompt, choices, required })),
        countries: form.fields.some((f) => f.input === 'country') ? countryChoices() : [],
        // With its own referral_url the beta's page records share clicks itself (POST …/clicks).
        records_clicks: form.beta.settings.referral_url !== null,
        // The hidden field people leave empty, and the challenge a signup solves first (null: none).
        honeypot: HONEYPOT_FIELD,
        challenge: form.beta.settings.signup_challenge === 'proof_of_work' ? { url: `${publicUrl}/public/betas/${form.beta.id}/challenge`, widget_url: `${publicUrl}${ALTCHA_EMBED_SCRIPT.path}` } : null,
        page: embedDesign(form.beta, form.waiting, publicUrl),
      };
    },
  });

  app.get('/betas/:beta/leaderboard', {
    schema: { hide: true, params: BetaParams },
    onRequest: limits.unlessBoardInMemory,
    handler: async (request, reply) => {
      const found = await visitors.leaderboard(request.params.beta);
      if (!found) throw betaNotFound();
      if (!found.board) throw Errors.notFound('This beta shows no public leaderboard');
      return sendPrepared(request, reply, boardJson(found.board), secondsKept(found.board));
    },
  });

  app.post('/betas/:beta/signups', {
    ...signupRouteOptions(limits),
    handler: async (request, reply) => {
      const form = await visitors.signupForm(request.params.beta);
      if (!form) throw betaNotFound();
      try {
        // The embed sends no cookies: the referral is what it read off its page's ?r= and ?ch=.
        const input = signupInput(request.body, form, referralOf(request.body));
        const outcome = await visitors.signUp(form.beta, input, visitorOf(request), signupAttempt(request.body, request.headers.origin));
        switch (outcome.kind) {
          case 'already_on_list':
            return reply.status(200).send({ tester: null, already_on_list: true, message: ALREADY_ON_LIST });
          case 'check_inbox':
            return reply.status(201).send({ tester: { email: outcome.email, status: 'unconfirmed', confirmation_required: true } });
          case 'joined':
            return reply.status(201).send({ tester: outcome.tester && joinedTester(form.beta, outcome.tester) });
        }
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return reply.status(error.statusCode).send({ errors: fieldErrors(error) });
      }
    },
  });

  // The proof-of-work challenge of the beta's signups, in ALTCHA's format: the widget fetches it.
  app.get('/betas/:beta/challenge', {
    schema: { hide: true, params: BetaParams },
    onRequest: limits.pages,
    handler: async (request, reply) => {
      const challenge = await visitors.signupChallenge(request.params.beta);
      if (!challenge) throw betaNotFound();
      reply.header('Cache-Control', 'no-store');
      return challenge;
    },
  });

  app.post('/betas/:beta/clicks', {
    schema: { hide: true, params: BetaParams, body: ClickBody },
    bodyLimit: SIGNUP_BODY_LIMIT,
    onRequest: limits.pages,
    handler: async (request, reply) => {
      const beta = await visitors.publicBeta(request.params.beta);
      if (!beta) throw betaNotFound();
      visitors.checkClickOrigin(beta, typeof request.headers.origin === 'string' ? request.headers.origin : null);
      const code = referralCode(request.body.r);
      const sharer = code ? await visitors.sharer(code) : undefined;
      // A code of another beta, or none, counts nothing; the answer is the same either way.
      if (sharer && sharer.beta.id === beta.id) await visitors.recordClick(sharer.beta, sharer.tester, visitorOf(request), shareChannelOf(request.body.ch));
      return reply.status(204).send();
    },
  });
}
