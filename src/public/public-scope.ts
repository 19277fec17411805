// Everything visitors reach without a key, in scopes of their own so that their security headers
// (helmet's, http/security-headers.ts), HTML error pages and CORS never touch the API or its reference at /docs:
// - pages (/b, /r, /confirm, /unsubscribe, /assets): CSP allowing only the app's own stylesheet
//   and script, no framing, no Referer; errors as HTML pages;
// - the embeddable form's JSON endpoints (/public/…): CORS for any origin, JSON errors;
// - /embed.js, which any site loads, and the designs' images (/images/…), which any site may show.
// Every route counts against a per-IP limit (RateLimits.perIp), but for a leaderboard answered
// from memory: the limit protects the database, which that answer does not touch. A signup the
// limit refuses, and the answer time of every request naming a beta, count in the beta's launch panel.
import { readFileSync } from 'node:fs';
import type { FastifyError } from 'fastify';
import cors from '@fastify/cors';
import type { Config } from '../process/config.ts';
import { ApiError, Errors } from '../primitives/errors.ts';
import type { App } from '../http/app-type.ts';
import { describeError } from '../http/error-handler.ts';
import { countBetaRequests } from '../http/launch-latency.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import { addSecurityHeaders } from '../http/security-headers.ts';
import type { Services } from '../services.ts';
import { ALTCHA_ASSETS, ALTCHA_EMBED_SCRIPT } from './altcha-assets.ts';
import { themeStylesheet } from './design.ts';
import { sendHtmlPage } from './html.ts';
import { IMMUTABLE_CACHE, imagesRoutes } from './images.routes.ts';
import { pagesRoutes } from './pages.routes.ts';
import type { PageLimits } from './page-limits.ts';
import { publicApiRoutes } from './public-api.routes.ts';
import { unsubscribeRoutes } from './unsubscribe.routes.ts';
import { messagePage } from './views.ts';

const asset = (name: string) => readFileSync(new URL(`./assets/${name}`, import.meta.url), 'utf8');
const ASSETS = {
  'pages.css': { type: 'text/css; charset=utf-8', body: asset('pages.css') },
  'page.js': { type: 'text/javascript; charset=utf-8', body: asset('page.js') },
};
const EMBED_JS = asset('embed.js');
const ASSET_CACHE = 'public, max-age=3600';


const PAGE_TITLES: Record<number, string> = { 413: 'Too much data', 429: 'Too many requests' };

/** Helmet's headers for pages: nothing but the app's own files, and no frames, Referer or sniffing. */
const PAGE_SECURITY = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      styleSrc: ["'self'"],
      scriptSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      // The proof-of-work widget fetches its challenge and solves it in a worker, both from this host.
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      formAction: ["'self'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' as const },
  referrerPolicy: { policy: 'no-referrer' as const },
};

/** For what other sites load or call: the same headers, but readable from any origin. */
const CROSS_ORIGIN_SECURITY = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  referrerPolicy: { policy: 'no-referrer' as const },
  crossOriginResourcePolicy: { policy: 'cross-origin' as const },
};

export async function registerPublicSide(app: App, services: Services, rateLimits: RateLimits, config: Config): Promise<void> {
  const rates = config.publicRateLimits;
  const pages = rateLimits.perIp('pages', rates.pages, 'from one network to public pages');
  const signups = rateLimits.perIp('signups', rates.signups, 'from one network to sign up or confirm');
  const limits: PageLimits = {
    pages,
    unlessBoardInMemory: async (request, reply) => {
      if (!services.visitors.leaderboardInMemory((request.params as { beta: string }).beta)) await pages(request, reply);
    },
    signups,
    signupAttempts: async (request, reply) => {
      try {
        await signups(request, reply);
      } catch (error) {
        if (error instanceof ApiError && error.is(Errors.rateLimited)) services.launchFigures.refused((request.params as { beta: string }).beta, 'rate_limit');
        throw error;
      }
    },
    resend: rateLimits.perIp('resend', rates.resend, 'from one network for new confirmation links'),
  };

  await app.register(async (pages) => {
    addSecurityHeaders(pages, PAGE_SECURITY);
    countBetaRequests(pages, services.launchFigures);
    pages.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, errors } = describeError(error, request);
      const title = PAGE_TITLES[status] ?? (status >= 500 ? 'Something went wrong' : 'Request not accepted');
      return sendHtmlPage(reply, status, title, messagePage(title, errors.map((e) => e.message).join(' '), 'error-message'));
    });
    const assets = { ...Object.fromEntries(Object.entries(ASSETS).map(([name, file]) => [`/assets/${name}`, file])), ...ALTCHA_ASSETS };
    for (const [path, file] of Object.entries(assets)) {
      pages.get(path, { schema: { hide: true }, onRequest: limits.pages }, async (_request, reply) =>
        reply.type(file.type).header('Cache-Control', ASSET_CACHE).send(file.body),
      );
    }
    pages.get('/assets/theme/:file', { schema: { hide: true }, onRequest: limits.pages }, async (request, reply) => {
      const css = themeStylesheet((request.params as { file: string }).file);
      if (css === undefined) return sendHtmlPage(reply, 404, 'Not found', messagePage('Not found', 'There is no such stylesheet.', 'not-found'));
      return reply.type('text/css; charset=utf-8').header('Cache-Control', IMMUTABLE_CACHE).send(css);
    });
    unsubscribeRoutes(pages, services.emails);
    pagesRoutes(pages, services.visitors, limits, config);
  });

  await app.register(
    async (api) => {
      addSecurityHeaders(api, CROSS_ORIGIN_SECURITY);
      countBetaRequests(api, services.launchFigures);
      // No credentials: the embeddable form sends no cookies, so any origin may call.
      await api.register(cors, { origin: '*', methods: ['GET', 'POST'], allowedHeaders: ['Content-Type'], maxAge: 86_400 });
      publicApiRoutes(api, services.visitors, limits, config.publicUrl);
    },
    { prefix: '/public' },
  );

  await app.register(async (images) => {
    addSecurityHeaders(images, CROSS_ORIGIN_SECURITY);
    imagesRoutes(images, services.betas, limits);
  });

  await app.register(async (embed) => {
    addSecurityHeaders(embed, CROSS_ORIGIN_SECURITY);
    embed.get(ALTCHA_EMBED_SCRIPT.path, { schema: { hide: true }, onRequest: limits.pages }, async (_request, reply) =>
      reply.type(ALTCHA_EMBED_SCRIPT.type).header('Cache-Control', ASSET_CACHE).header('Access-Control-Allow-Origin', '*').send(ALTCHA_EMBED_SCRIPT.body),
    );
    embed.get('/embed.js', { schema: { hide: true }, onRequest: limits.pages }, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=300').header('Access-Control-Allow-Origin', '*').send(EMBED_JS),
    );
  });
}
