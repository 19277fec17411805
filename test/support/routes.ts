// The routes as Fastify has them, for tests that must cover every route, including routes added later.
import type { App } from '../../src/http/app-type.ts';

export interface RegisteredRoute {
  method: string;
  /** As registered: /api/v2/betas/:beta_id. */
  path: string;
}

/** Routes parsed from printRoutes (HEAD left out: it mirrors GET). */
export function registeredRoutes(app: App): RegisteredRoute[] {
  const stack: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    const path = (depth > 0 ? stack[depth - 1] : '') + match[2];
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ')) {
      if (method && method !== 'HEAD') routes.push({ method, path });
    }
  }
  return routes;
}
