// Process entry of the `prelaunch` command (bin/prelaunch.js loads it through tsx).
import { runCli } from './program.ts';

process.exitCode = await runCli(process.argv.slice(2), process, process.env);
