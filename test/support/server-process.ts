// A Prelaunch server as a process of its own (`src/main.ts`, as `npm start` runs it) on a port of
// 127.0.0.1, for tests of what only real processes show: several of them on one database, or one
// killed with SIGKILL. It answers through `request` as a TestContext does, over real HTTP.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort, GENEROUS_RATE_LIMITS, type TestContext, type TestResponse } from './context.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Pino's level number of `error`. */
const ERROR_LEVEL = 50;
// Generous: a process starting on a machine busy with other suites can take a minute to listen.
const START_TIMEOUT_MS = 150_000;

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  request: TestContext['request'];
  /** The lines it logged at error level or above: a healthy run logs none. */
  errors: string[];
  /** Sends `signal` and waits for the process to end. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts a server on `databaseUrl` (migrated already) and waits until it answers. It logs at warn
 * level; its lines go to the test's standard error, so a failure shows them beside its own output.
 */
export async function startServerProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    ...GENEROUS_RATE_LIMITS,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    GEOIP_DATABASE_PATH: 'off',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    ...env,
  };
  delete childEnv.NODE_TEST_CONTEXT; // the child is a program, not a test file
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errors: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => {
      process.stderr.write(`${line}\n`);
      if (!line.startsWith('{')) return;
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      if ((entry.level ?? 0) >= ERROR_LEVEL) errors.push(`${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`);
    });
  }

  const request: TestContext['request'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${base}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    const text = await response.text();
    const json = /(^|[/+])json\b/.test(response.headers.get('content-type') ?? '') && text !== '';
    // The reply as light-my-request would give it: tests read status, body and headers only.
    return { status: response.status, body: json ? JSON.parse(text) : text, headers: Object.fromEntries(response.headers), raw: undefined } as unknown as TestResponse;
  };

  const server: ServerProcess = {
    base,
    child,
    request,
    errors,
    async stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) return server;
    if (child.exitCode !== null || Date.now() > deadline) {
      await server.stop('SIGKILL');
      throw new Error(`the server on ${base} did not start (exit code ${child.exitCode})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
