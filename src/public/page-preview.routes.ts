// The live preview of a draft design (the console's Page screen): the beta's signup page as it
// would look, rendered by the same templates as the page itself, answered as HTML in JSON for a
// sandboxed frame. Nothing is stored; a draft the PATCH would refuse is refused the same way.
import Type from 'typebox';
import type { App } from '../http/app-type.ts';
import { principalOf } from '../http/auth.ts';
import { BetaParams } from '../http/schemas.ts';
import { PageDesignPatchSchema } from '../modules/betas/betas.schemas.ts';
import type { BetasService } from '../modules/betas/betas.service.ts';
import type { VisitorsService } from '../modules/visitors/visitors.service.ts';
import { frameOf } from './design.ts';
import { htmlDocument } from './html.ts';
import { signupPage } from './views.ts';

export function pagePreviewRoutes(app: App, betas: BetasService, visitors: VisitorsService, publicUrl: string): void {
  app.post('/api/v2/betas/:beta_id/page/preview', {
    config: { permission: 'betas:read', series: 'betas' },
    schema: {
      operationId: 'previewPage',
      tags: ['Betas'],
      'x-extension': true,
      summary: 'Preview the signup page with a draft design',
      description:
        'Renders the signup page as it would look with the design changed by the body (the keys of `page`, as a PATCH takes them), ' +
        'for a preview; stores nothing. A draft a PATCH would refuse (colours failing WCAG AA, overlong texts) is refused the same way.',
      params: BetaParams,
      body: PageDesignPatchSchema,
      response: { 200: Type.Object({ html: Type.String({ description: 'The whole page; its stylesheets and images are paths on this service' }) }) },
    },
    handler: async (request) => {
      const beta = await betas.withDraftPage(principalOf(request).companyId, request.params.beta_id, request.body ?? {});
      const form = await visitors.signupFormOf(beta);
      const content = signupPage(form, { values: {}, errors: [], referral: null });
      return { html: htmlDocument(beta.page.headline ?? beta.name, content, frameOf(beta, publicUrl, { landing: true })) };
    },
  });
}
