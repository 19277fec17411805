#!/usr/bin/env node
// The `prelaunch` command. The source is TypeScript run through tsx, so `npx prelaunch` works right
// after `npm install`, with no build step: register tsx's ESM loader, then load the entry point.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

// The project's own tsconfig, whatever directory the command is run from.
register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
await import('../src/cli/main.ts');
