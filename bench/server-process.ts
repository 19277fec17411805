// What the benches that start a server in a process of their own share: a free port, waiting for
// it to answer, its resident memory read from /proc, and stopping what they started however they end.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** Every limit far above what a bench sends: it measures the work, not the limiter's refusals. */
export const UNLIMITED = '100000000/1m';

/** The rate limits a bench lifts out of its way. */
const LIFTED_LIMITS = ['DEFAULT', 'LIST_BETAS', 'SHOW_BETA', 'LIST_TESTERS', 'LIST_TESTERS_COMPANY', 'LIST_REWARDS', 'LIST_POINTS', 'PUBLIC_PAGES', 'PUBLIC_SIGNUPS'];

export interface ProjectServerOptions {
  /** The tree whose code runs: this one by default, or another checkout (an older commit, to compare). */
  root?: string;
  databaseUrl: string;
  port: number;
  /** `prelaunch serve --workers N` instead of `npm start`'s one process. */
  workers?: number | null;
  redisUrl?: string;
  /** Flags for the server's node, before its entry point. */
  nodeFlags?: string[];
}

/**
 * Prelaunch in a process of its own, as `npm start` (or `prelaunch serve --workers N`) starts it:
 * from the bundle built at start, every rate limit lifted, geolocation off, webhooks allowed to
 * loopback receivers.
 */
export function startProjectServer(options: ProjectServerOptions): ChildProcess {
  const entry = options.workers ? ['bin/prelaunch.js', 'serve', '--workers', String(options.workers)] : ['bin/start.js'];
  const server = spawn(process.execPath, [...(options.nodeFlags ?? []), ...entry], {
    cwd: options.root ?? ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      GEOIP_DATABASE_PATH: 'off',
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl, REDIS_KEY_PREFIX: `prelaunch-bench-${process.pid}-${options.port}:` } : {}),
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      ...Object.fromEntries(LIFTED_LIMITS.map((name) => [`RATE_LIMIT_${name}`, UNLIMITED])),
    },
  });
  children.push(server);
  return server;
}

/** The processes this run started: stopped however it ends. */
export const children: ChildProcess[] = [];
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

/** Waits for `url` to answer 2xx; a server that seeds its data first (the lean reference) is given longer than 180 s. */
export async function waitUntilAnswering(url: string, child: ChildProcess, limitSeconds = 180): Promise<void> {
  const deadline = Date.now() + limitSeconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server at ${url} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${limitSeconds} s`);
}

/** The process and its descendants (a `serve --workers` primary and its workers). */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    // gone
  }
  return [pid, ...children.flatMap(processTree)];
}

/** CPU time the process and its descendants have used so far, in microseconds (user and system, from /proc). */
export function cpuMicrosecondsOf(pid: number): number {
  const ticksPerSecond = 100; // USER_HZ, 100 on Linux
  return processTree(pid).reduce((sum, each) => {
    try {
      // After the command's closing parenthesis: utime and stime are the 12th and 13th fields.
      const fields = readFileSync(`/proc/${each}/stat`, 'utf8').split(') ')[1].split(' ');
      return sum + ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond;
    } catch {
      return sum;
    }
  }, 0);
}

/**
 * The server's resident memory, process by process: the largest one's high-water mark (VmHWM), not
 * a sum. With `serve --workers N` that is an API worker's (each holds the standings index; the
 * primary only forks them); the target is per process.
 */
export function memoryOf(pid: number) {
  const read = (field: string) =>
    processTree(pid).map((each) => {
      try {
        return { pid: each, bytes: Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${each}/status`, 'utf8'))?.[1] ?? 0) * 1024 };
      } catch {
        return { pid: each, bytes: 0 };
      }
    });
  const largest = (field: string) => read(field).reduce((a, b) => (b.bytes > a.bytes ? b : a), { pid, bytes: 0 });
  return { peak: () => largest('VmHWM'), now: () => largest('VmRSS'), processes: () => processTree(pid).length };
}
