// The sections' one contract with the console, in a file of its own: console-scope.ts lists the
// sections, and each section names this, so neither imports the other.
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import type { ActiveSession } from '../modules/members/sessions.ts';
import type { Beta } from '../modules/betas/betas.service.ts';
import type { Trusted } from '../public/html.ts';
import type { BetaSection } from './pages.ts';

/** What a section of the console registers its pages with. */
export interface ConsolePages {
  services: Services;
  /**
   * A page of one beta of the member's company at /console/betas/{beta_id}{section's path}{sub}:
   * without a session, the sign-in page; another company's beta or none, 404.
   */
  betaPage(
    section: BetaSection,
    page: {
      sub?: string;
      title: (beta: Beta) => string;
      script: string;
      content: (beta: Beta, active: ActiveSession, request: FastifyRequest) => Trusted | Promise<Trusted>;
      /** Directives of the console's Content-Security-Policy this page replaces (helmet's names: frameSrc…). */
      policy?: Record<string, string[]>;
    },
  ): void;
  /**
   * A document of one beta shown inside a frame of the console's own pages (not a console page): at
   * /console/betas/{beta_id}{section's path}{sub}, answered as `body` gives it, under `policy` (a
   * whole Content-Security-Policy of its own) and framed by this site only. Without a session, or
   * for another company's beta, 404.
   */
  betaFrame(section: BetaSection, frame: { sub: string; policy: string; body: (beta: Beta, active: ActiveSession, request: FastifyRequest) => Promise<string> }): void;
  /** A page of the member's company (not of one beta) at `path`; without a session, the sign-in page. */
  memberPage(path: string, page: { title: string; script: string; content: (active: ActiveSession) => Trusted }): void;
}
