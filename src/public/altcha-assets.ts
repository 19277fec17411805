// The ALTCHA widget (npm package altcha), served from this host: a page never loads it from
// another. The hosted pages load the build without inline styles or workers (their CSP allows
// only this host's files) with its stylesheet and its SHA-256 worker as files of their own; the
// embed, running on other sites, loads the self-contained build and adopts the stylesheet into
// its shadow root.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// The package exports no package.json: its dist folder is found from its main file (dist/main/…).
const dist = join(dirname(createRequire(import.meta.url).resolve('altcha')), '..');
const file = (path: string) => readFileSync(join(dist, path), 'utf8');

/** The widget as the hosted pages load it. */
export const ALTCHA_SCRIPT_PATH = '/assets/altcha/altcha.js';
/** The worker the hosted pages' widget solves in; a path of this host, as workers must be. */
const WORKER_PATH = '/assets/altcha/sha.js';

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

/** The files, by path: the external build with this host's worker registered for SHA-256. */
export const ALTCHA_ASSETS: Record<string, { type: string; body: string }> = {
  [ALTCHA_SCRIPT_PATH]: {
    type: JS,
    body: `${file('external/altcha.min.js')}\n$altcha.algorithms.set('SHA-256', () => new Worker(${JSON.stringify(WORKER_PATH)}));\n`,
  },
  [WORKER_PATH]: { type: JS, body: file('workers/sha.js') },
  '/assets/altcha/altcha.css': { type: CSS, body: file('external/altcha.css') },
};

/** The self-contained build the embed loads on other sites (workers and styles inside). */
export const ALTCHA_EMBED_SCRIPT = { path: '/assets/altcha/altcha-embed.js', type: JS, body: file('main/altcha.umd.min.cjs') };
