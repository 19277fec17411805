#!/usr/bin/env node
// The `prelaunch` command. The source is TypeScript and there is no build step to remember, so
// `npx prelaunch` works right after `npm install`: the long-running commands (`serve`, `worker`) run
// from a bundle built as they start (bundle.js), which keeps tsx's loader out of a server's memory;
// the short ones, whose memory is gone within seconds, register tsx's ESM loader and import the
// entry point.
import { fileURLToPath } from 'node:url';

const ENTRY = 'src/cli/main.ts';

if (['serve', 'worker'].includes(process.argv[2])) {
  const { runBundled } = await import('./bundle.js');
  await runBundled(ENTRY);
} else {
  const { register } = await import('tsx/esm/api');
  // The project's own tsconfig, whatever directory the command is run from.
  register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
  await import(`../${ENTRY}`);
}
