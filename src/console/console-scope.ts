// The owner console at /console: pages (HTML shells under a strict CSP: the console's own script
// and stylesheet only, no inline script) and the session endpoints (JSON). A page that needs a
// member sends a visitor without a session to the sign-in page; another company's beta is 404.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../process/config.ts';
import { ApiError, Errors } from '../primitives/errors.ts';
import type { App } from '../http/app-type.ts';
import { describeError } from '../http/error-handler.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import { addSecurityHeaders } from '../http/security-headers.ts';
import { sessionToken } from '../http/session-cookie.ts';
import type { Services } from '../services.ts';
import type { ActiveSession } from '../modules/members/sessions.ts';
import type { Beta } from '../modules/betas/betas.service.ts';
import { dashboardPages } from './dashboard.pages.ts';
import { dataPages } from './data.pages.ts';
import { bulkPages } from './bulk.pages.ts';
import { schedulesPages } from './schedules.pages.ts';
import { fraudPages } from './fraud.pages.ts';
import { outboxPages } from './outbox.pages.ts';
import { integrationsPages } from './integrations.pages.ts';
import { testersPages } from './testers.pages.ts';
import {
  accountContent,
  BETA_SECTIONS,
  type BetaSection,
  betasContent,
  forgotContent,
  membersContent,
  messageContent,
  renderShell,
  resetContent,
  setupContent,
  signInContent,
  signInLinkContent,
  type Shell,
} from './pages.ts';
import { sessionRoutes } from './session.routes.ts';
import { settingsPages } from './settings.pages.ts';
import type { ConsolePages } from './console-pages.ts';

const ASSET_TYPES: Record<string, string> = { '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.svg': 'image/svg+xml' };
/** Every stylesheet, script and icon of src/console/assets/, read once at start. */
function readAssets(): Map<string, { type: string; body: string }> {
  const directory = new URL('./assets/', import.meta.url);
  const assets = new Map<string, { type: string; body: string }>();
  for (const name of readdirSync(directory)) {
    const type = ASSET_TYPES[name.slice(name.lastIndexOf('.'))];
    if (type) assets.set(name, { type, body: readFileSync(new URL(name, directory), 'utf8') });
  }
  return assets;
}

const CONSOLE_DIRECTIVES: Record<string, string[]> = {
  defaultSrc: ["'none'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
};

/** The console's policy with some directives replaced, as a Content-Security-Policy header. */
function policyWith(changes: Record<string, string[]>): string {
  const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return Object.entries({ ...CONSOLE_DIRECTIVES, ...changes })
    .map(([name, sources]) => `${kebab(name)} ${sources.join(' ')}`)
    .join(';');
}

/**
 * Libraries the console's scripts import, served from node_modules under /console/assets/vendor/
 * (read once at start: no CDN, nothing built): uPlot draws the dashboard's charts.
 */
function readVendorAssets(): Map<string, { type: string; body: string }> {
  const require = createRequire(import.meta.url);
  const files: Record<string, string> = { 'uplot.js': 'uplot/dist/uPlot.esm.js', 'uplot.css': 'uplot/dist/uPlot.min.css' };
  return new Map(Object.entries(files).map(([name, file]) => [`vendor/${name}`, { type: ASSET_TYPES[name.slice(name.lastIndexOf('.'))], body: readFileSync(require.resolve(file), 'utf8') }]));
}

const CONSOLE_SECURITY = {
  contentSecurityPolicy: { useDefaults: false, directives: CONSOLE_DIRECTIVES },
  frameguard: { action: 'deny' as const },
  referrerPolicy: { policy: 'no-referrer' as const },
};

const TokenQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 100 })) });
const BetaPageParams = Type.Object({ beta_id: Type.String({ maxLength: 100 }) });

/** The console's sections, each registering its pages. */
const SECTIONS: Array<(pages: ConsolePages) => void> = [dashboardPages, testersPages, bulkPages, schedulesPages, fraudPages, outboxPages, dataPages, settingsPages, integrationsPages];

function send(reply: FastifyReply, status: number, shell: Shell): FastifyReply {
  return reply.status(status).header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex').send(renderShell(shell));
}

export async function registerConsole(app: App, services: Services, rateLimits: RateLimits, config: Config): Promise<void> {
  const rates = config.signInRateLimits;
  const limits = {
    address: rateLimits.failureLimit('sign-in-address', rates.address, 'for this e-mail address'),
    network: rateLimits.failureLimit('sign-in-network', rates.network, 'from this network'),
    alert: { ...rateLimits.failureLimit('sign-in-alert', rates.alert, 'for this e-mail address'), after: rates.alert.points },
  };
  const pageLimit = rateLimits.perIp('console-pages', config.publicRateLimits.pages, 'from one network to console pages');

  await app.register(async (api) => {
    addSecurityHeaders(api, { contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } } });
    sessionRoutes(api, services, limits, config);
  });

  await app.register(async (scope) => {
    const pages = scope.withTypeProvider<TypeBoxTypeProvider>();
    addSecurityHeaders(pages, CONSOLE_SECURITY);
    pages.addHook('onRequest', pageLimit);
    pages.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, errors } = describeError(error, request);
      const title = status === 404 ? 'Not found' : status >= 500 ? 'Something went wrong' : 'Request not accepted';
      return send(reply, status, { title, content: messageContent(errors.map((e) => e.message).join(' ')) });
    });
    for (const [name, file] of [...readAssets(), ...readVendorAssets()]) {
      pages.get(`/console/assets/${name}`, { schema: { hide: true } }, async (_request, reply) =>
        reply.type(file.type).header('Cache-Control', 'no-cache').send(file.body),
      );
    }

    const session = async (request: FastifyRequest): Promise<ActiveSession | undefined> => {
      const token = sessionToken(request);
      return token ? services.sessions.resume(token) : undefined;
    };
    /** A page for members: without a session, the sign-in page instead. */
    const memberPage = (
      title: string,
      content: (active: ActiveSession, request: FastifyRequest) => Promise<Shell['content']> | Shell['content'],
      script?: string,
    ) =>
      async (request: FastifyRequest, reply: FastifyReply) => {
        const active = await session(request);
        if (!active) return reply.redirect('/console', 303);
        const shell = { member: active.member, csrfToken: active.csrfToken };
        return send(reply, 200, { title, content: await content(active, request), script, ...shell });
      };

    pages.get('/console', { schema: { hide: true } }, async (request, reply) => {
      if (await session(request)) return reply.redirect('/console/betas', 303);
      return send(reply, 200, { title: 'Sign in', content: signInContent() });
    });
    // Whoever opens the server's root, or the console with a trailing slash, is looking for the console.
    for (const entry of ['/', '/console/']) pages.get(entry, { schema: { hide: true } }, async (_request, reply) => reply.redirect('/console', 302));
    pages.get('/console/setup', { schema: { hide: true, querystring: TokenQuery } }, async (request, reply) =>
      send(reply, 200, { title: 'Set up Prelaunch', content: setupContent(request.query.token ?? '') }),
    );
    pages.get('/console/forgot', { schema: { hide: true } }, async (_request, reply) => send(reply, 200, { title: 'Forgot your password?', content: forgotContent() }));
    pages.get('/console/reset', { schema: { hide: true, querystring: TokenQuery } }, async (request, reply) =>
      send(reply, 200, { title: 'Choose a new password', content: resetContent(request.query.token ?? '') }),
    );
    pages.get('/console/sign-in-link', { schema: { hide: true, querystring: TokenQuery } }, async (request, reply) =>
      send(reply, 200, { title: 'Sign in with a link', content: signInLinkContent(request.query.token ?? '') }),
    );
    pages.get('/console/betas', { schema: { hide: true } }, memberPage('Betas', (active) => betasContent(active.member)));
    pages.get('/console/members', { schema: { hide: true } }, memberPage('Members', (active) => membersContent(active.member)));
    pages.get('/console/account', { schema: { hide: true } }, memberPage('Account', (active) => accountContent(active.member)));
    /** The sections with a page, in the navigation's order. */
    const sections = new Set<BetaSection>();
    const betaPage: ConsolePages['betaPage'] = (section, page) => {
      if (!page.sub) sections.add(section);
      const url = `/console/betas/:beta_id${BETA_SECTIONS[section].path}${page.sub ?? ''}`;
      pages.get(url, { schema: { hide: true, params: BetaPageParams } }, async (request, reply) => {
        const active = await session(request);
        if (!active) return reply.redirect('/console', 303);
        const shell = { member: active.member, csrfToken: active.csrfToken };
        let beta: Beta;
        try {
          beta = await services.betas.show(active.member.company_id, (request.params as { beta_id: string }).beta_id);
        } catch (error) {
          if (error instanceof ApiError && error.is(Errors.notFound)) {
            return send(reply, 404, { title: 'Not found', content: messageContent('There is no beta at this address.'), member: active.member });
          }
          throw error;
        }
        const content = await page.content(beta, active, request);
        if (page.policy) reply.header('Content-Security-Policy', policyWith(page.policy));
        return send(reply, 200, { title: page.title(beta), content, script: page.script, beta: { id: beta.id, name: beta.name, sandboxOf: beta.sandbox_of, section, sections: navigation() }, ...shell });
      });
    };
    const betaFrame: ConsolePages['betaFrame'] = (section, frame) => {
      const url = `/console/betas/:beta_id${BETA_SECTIONS[section].path}${frame.sub}`;
      pages.get(url, { schema: { hide: true, params: BetaPageParams } }, async (request, reply) => {
        const active = await session(request);
        if (!active) throw Errors.notFound('Nothing here: sign in to the console first.');
        const beta = await services.betas.show(active.member.company_id, (request.params as { beta_id: string }).beta_id);
        const body = await frame.body(beta, active, request);
        return reply
          .header('Content-Type', 'text/html; charset=utf-8')
          .header('Content-Security-Policy', frame.policy)
          .header('X-Frame-Options', 'SAMEORIGIN')
          .header('Cache-Control', 'no-store')
          .header('X-Robots-Tag', 'noindex')
          .send(body);
      });
    };
    const navigation = () => (Object.keys(BETA_SECTIONS) as BetaSection[]).filter((section) => sections.has(section));
    const companyPage: ConsolePages['memberPage'] = (path, page) => {
      pages.get(path, { schema: { hide: true } }, memberPage(page.title, page.content, page.script));
    };
    for (const register of SECTIONS) register({ services, betaPage, betaFrame, memberPage: companyPage });
  });
}
