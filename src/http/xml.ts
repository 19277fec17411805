// XML for the v1 interface (docs/decisions.md, "v1 checkin"): request bodies read with
// fast-xml-parser, answers and errors written with its builder. A body that declares a DOCTYPE is refused outright: v1 bodies never
// need one, and refusing it closes off entity-expansion attacks whatever the parser's defaults.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import Type from 'typebox';
import type { ErrorEntry } from '../primitives/errors.ts';
import { badBody, bodyText, keepRawBody } from './body-parsers.ts';
import { textBody } from './validation.ts';

const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, htmlEntities: false });
const builder = new XMLBuilder({ format: true, indentBy: '  ', suppressEmptyNode: false });
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** Parses XML bodies (application/xml, text/xml) in the scope it is registered in. */
export function registerXmlBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = bodyText(keepRawBody(request, body as Buffer));
    } catch (error) {
      return done(error as Error, undefined);
    }
    if (text.trim() === '') return done(null, undefined);
    if (/<!DOCTYPE|<!ENTITY/i.test(text)) return done(badBody('Request body must not declare a DOCTYPE'), undefined);
    const valid = XMLValidator.validate(text);
    if (valid !== true) return done(badBody(`Request body is not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`), undefined);
    done(null, textBody(parser.parse(text) as unknown));
  });
}

/** Sends `document` ({root: {...}}) as an XML answer. */
export function sendXml(reply: FastifyReply, status: number, document: Record<string, unknown>): FastifyReply {
  return reply.status(status).type('application/xml; charset=utf-8').send(DECLARATION + (builder.build(document) as string));
}

/**
 * The v1 error body as the OpenAPI document describes an XML answer: the document parsed, its root
 * element the object's one property (an element that repeats is an array).
 */
export const XmlErrorDocument = Type.Object(
  { errors: Type.Object({ error: Type.Array(Type.Object({ code: Type.Integer(), message: Type.String() })) }) },
  { description: '<errors><error><code>…</code><message>…</message></error>…</errors>' },
);

/** The v1 error body: <errors><error><code>…</code><message>…</message></error>…</errors>. */
export function sendXmlErrors(reply: FastifyReply, status: number, errors: ErrorEntry[]): FastifyReply {
  return sendXml(reply, status, { errors: { error: errors.map((e) => ({ code: e.code, message: e.message })) } });
}
