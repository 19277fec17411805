// Values the service cannot keep as sent are refused before any schema or service sees them:
// - text with U+0000 (PostgreSQL's text type cannot hold it: the query would fail) or unpaired
//   UTF-16 surrogates such as a JSON "\ud800" (they have no UTF-8 form: both drivers would store
//   U+FFFD);
// - a JSON number beyond ±(2^53 − 1) or beyond any double (1e400): JSON.parse has already rounded
//   it (9007199254740993 arrives as 9007199254740992, 1e400 as Infinity), so what was sent is
//   lost. Numbers in query strings and form bodies are still text here: the schema's bounds judge them.
// Body, query and path parameters are checked, field names included, so the same request gets the
// same answer on SQLite and PostgreSQL: 422 with the route's general code, like a schema error.
import type { FastifyInstance, FastifyRequest } from 'fastify';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL character is what it looks for (no store keeps it)
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const INEXACT = `is a number too large to keep exactly (beyond ±${Number.MAX_SAFE_INTEGER}): send long digit strings as text`;

interface Node {
  value: unknown;
  key: string;
  parent: Node | null;
}

function pathOf(node: Node | null): string {
  const keys: string[] = [];
  for (let at = node; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().map((key) => `/${key}`).join('');
}

/** The first unstorable value in `root` (iteratively: bodies may nest thousands of levels deep). */
function findUnstorable(root: unknown): { instancePath: string; message: string } | null {
  const stack: Node[] = [{ value: root, key: '', parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return { instancePath: pathOf(node), message: 'must not contain NUL characters or unpaired surrogates' };
    } else if (typeof value === 'number') {
      if (!(Math.abs(value) <= Number.MAX_SAFE_INTEGER)) return { instancePath: pathOf(node), message: INEXACT };
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (UNSTORABLE.test(key)) {
          return { instancePath: pathOf(node), message: 'must not have field names with NUL characters or unpaired surrogates' };
        }
        stack.push({ value: child, key, parent: node });
      }
    }
  }
  return null;
}

export function registerInputValueCheck(app: FastifyInstance): void {
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    for (const context of ['params', 'querystring', 'body'] as const) {
      const found = findUnstorable(context === 'querystring' ? request.query : request[context]);
      if (!found) continue;
      // Shaped as a schema validation failure, so the error handler answers it the same way.
      return done(
        Object.assign(new Error(`${context}${found.instancePath} ${found.message}`), {
          statusCode: 400,
          validation: [{ instancePath: found.instancePath, keyword: 'text', message: found.message, params: {} }],
          validationContext: context,
        }),
      );
    }
    done();
  });
}
