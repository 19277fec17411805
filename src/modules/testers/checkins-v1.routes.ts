// The v1 checkin (docs/decisions.md, "v1 checkin"): POST /api/v1/betas/{beta_id}/checkins.xml with
// <checkin><email>…</email></checkin>, the key in api_key (or HTTP Basic with the key and password
// X). Same effect as the v2 checkin by e-mail, but 200 and XML both ways, errors included.
import Type from 'typebox';
import type { FastifyError } from 'fastify';
import type { App } from '../../http/app-type.ts';
import { authenticator, principalOf } from '../../http/auth.ts';
import { describeError, noSuchEndpoint } from '../../http/error-handler.ts';
import type { RateLimits } from '../../http/rate-limits.ts';
import { BetaParams } from '../../http/schemas.ts';
import { registerXmlBodyParser, sendXml, sendXmlErrors, XmlErrorDocument } from '../../http/xml.ts';
import { declareErrorResponses } from '../../http/error-responses.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { TestersService } from './testers.service.ts';

/** The e-mail of a parsed v1 body: <checkin><email>, or a bare <email>. */
function emailOf(body: unknown): string | undefined {
  const { checkin, email } = (body ?? {}) as { checkin?: unknown; email?: unknown };
  const candidate = typeof checkin === 'object' && checkin !== null ? (checkin as { email?: unknown }).email : email;
  return typeof candidate === 'string' ? candidate : undefined;
}

/** The answer, described as the document parsed (xml.ts, XmlErrorDocument). */
const V1CheckinDocument = Type.Object(
  { checkin: Type.Object({ email: Type.String() }) },
  { description: '<checkin><email>…</email></checkin>' },
);

/** Registered with the prefix /api/v1: every answer under it, unknown paths included, is XML. */
export async function checkinsV1Routes(app: App, accounts: AccountsService, rateLimits: RateLimits, testers: TestersService): Promise<void> {
  registerXmlBodyParser(app);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, errors } = describeError(error, request);
    return sendXmlErrors(reply, status, errors);
  });
  app.setNotFoundHandler((request, reply) => sendXmlErrors(reply, 404, [noSuchEndpoint(request)]));
  app.addHook('onRequest', authenticator(accounts));
  app.addHook('onRequest', rateLimits.authenticated);
  declareErrorResponses(app, (description) => ({ ...XmlErrorDocument, description }));

  for (const path of ['/betas/:beta_id/checkins.xml', '/betas/:beta_id/checkins']) {
    app.post(path, {
      config: { permission: 'testers:write', series: 'testers' },
      schema: {
        operationId: 'checkinTesterByEmailV1',
        tags: ['v1'],
        summary: 'Check in tester by e-mail (v1, XML)',
        description:
          'Body `<checkin><email>…</email></checkin>` (application/xml or text/xml). Authenticated by the `api_key` ' +
          'query parameter or HTTP Basic with the key and password `X`. Answers 200 with `<checkin><email>…</email></checkin>`; ' +
          'errors as `<errors><error><code/><message/></error></errors>`.',
        params: BetaParams,
        hide: path.endsWith('checkins'),
        produces: ['application/xml'],
        response: { 200: V1CheckinDocument },
      },
      handler: async (request, reply) => {
        const email = emailOf(request.body);
        await testers.checkinByEmail(principalOf(request).companyId, request.params.beta_id, email);
        return sendXml(reply, 200, { checkin: { email: email!.trim() } });
      },
    });
  }
}
