// The `prelaunch` bin in child processes, as an installed command runs: outside the project
// directory, with the environment it is given (the test runner's own markers removed).
import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/prelaunch.js', import.meta.url));

export interface BinResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the bin; the caller reads its output and ends it (and writes its input with `stdin`). */
export function spawnBin(args: string[], env: Record<string, string | undefined>, options: { stdin?: boolean } = {}): ChildProcess {
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env };
  delete childEnv.NODE_TEST_CONTEXT; // the child is a program, not a test file
  return spawn(process.execPath, [BIN, ...args], { cwd: tmpdir(), env: childEnv, stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
}

/** Runs the bin to its end, `input` as its standard input, and answers its exit code and output. */
export function runBin(args: string[], env: Record<string, string | undefined>, input?: string): Promise<BinResult> {
  return new Promise((resolve, reject) => {
    const child = spawnBin(args, env, { stdin: input !== undefined });
    if (input !== undefined) child.stdin!.end(input);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
