#!/usr/bin/env node
// `npm start`: src/main.ts, run from a bundle built as it starts (bundle.js), not through tsx.
import { runBundled } from './bundle.js';

await runBundled('src/main.ts');
