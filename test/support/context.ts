// A fresh application and database per test file, on the dialect the run is for:
// TEST_DIALECT=sqlite (a temporary file) or postgres (a new database on TEST_DATABASE_URL's server).
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterEach } from 'node:test';
import { rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/process/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { isReachable, migrateToLatest } from '../../src/db/migrate.ts';
import { createServices, type Services } from '../../src/services.ts';
import type { App } from '../../src/http/app-type.ts';
import { createJobRunner } from '../../src/jobs/workers.ts';
import { openRateLimits, type RateLimits } from '../../src/http/rate-limits.ts';
import type { RedisConnection } from '../../src/process/redis.ts';
import { Metrics } from '../../src/process/metrics.ts';
import { TestClock } from './clock.ts';
import type { MetricsEndpoint } from '../../src/http/metrics.routes.ts';

export const dialect = (process.env.TEST_DIALECT ?? 'sqlite') as 'sqlite' | 'postgres';

/** A database of its own: created empty, migrated, dropped by `drop`. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const file = join(tmpdir(), `prelaunch-test-${randomUUID()}.sqlite`);
    return {
      url: `sqlite:${file}`,
      drop: async () => {
        for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
      },
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL (postgres://…)');
  const name = `prelaunch_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Limits no test file reaches by accident (files share one company and key); rate-limits.test.ts
 * configures the ones it tests.
 */
export const GENEROUS_RATE_LIMITS = {
  RATE_LIMIT_DEFAULT: '1000000/1m',
  RATE_LIMIT_LIST_BETAS: '1000000/1m',
  RATE_LIMIT_SHOW_BETA: '1000000/1m',
  RATE_LIMIT_LIST_TESTERS: '1000000/1m',
  RATE_LIMIT_LIST_TESTERS_COMPANY: '1000000/1m',
  RATE_LIMIT_LIST_REWARDS: '1000000/1m',
  RATE_LIMIT_LIST_POINTS: '1000000/1m',
  RATE_LIMIT_TEST_EMAILS: '1000000/1m',
  RATE_LIMIT_PUBLIC_PAGES: '1000000/1m',
  RATE_LIMIT_PUBLIC_SIGNUPS: '1000000/1m',
  RATE_LIMIT_CONFIRMATION_RESEND: '1000000/1m',
};

/** Where a context's Redis log lines go (warn and info): tests read them. */
export interface LogLines {
  lines: { level: 'warn' | 'info'; message: string; details?: object }[];
  warn(details: object, message: string): void;
  info(message: string): void;
}

export function logLines(): LogLines {
  const lines: LogLines['lines'] = [];
  return {
    lines,
    warn: (details, message) => lines.push({ level: 'warn', message, details }),
    info: (message) => lines.push({ level: 'info', message }),
  };
}

/**
 * What a server of the context did that a healthy request never does: a line logged at error level
 * (or above) or a 5xx answer. The check after each test (below) fails a test in which one happened,
 * unless the test said it expects one (`expectServerErrors`).
 */
export interface ServerError {
  kind: 'log' | 'answer';
  /** The log line's message and error, or the answered request and its status. */
  what: string;
}

/** Pino's level number of `error`: lines at it or above are what an operator's alert counts. */
const ERROR_LEVEL = 50;

/** Collects the server errors of one context and checks them at the end of each test. */
class ServerErrorWatch {
  readonly #seen: ServerError[] = [];
  /** Why the running test expects server errors, when it said so. */
  #expectedByTest: string | null = null;

  /** `expectedByFile`: why every test of the file expects them (startTestContext's option), or null. */
  constructor(private readonly expectedByFile: string | null) {}

  expect(reason: string): void {
    this.#expectedByTest = reason;
  }

  /** A log stream for an app: records the lines at error level, as JSON lines, and passes all of them on. */
  logStream(passOn?: (line: string) => void): Writable {
    return new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
          passOn?.(line);
          const entry = JSON.parse(line) as { level: number; msg?: string; err?: { message?: string }; reqId?: string };
          if (entry.level >= ERROR_LEVEL) this.#seen.push({ kind: 'log', what: `${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}${entry.reqId ? ` (request ${entry.reqId})` : ''}` });
        }
        done();
      },
    });
  }

  /** Records the 5xx answers of `app` (before it is ready). */
  watchAnswers(app: App): void {
    app.addHook('onResponse', (request, reply, done) => {
      if (reply.statusCode >= 500) this.#seen.push({ kind: 'answer', what: `${request.method} ${request.url} answered ${reply.statusCode}` });
      done();
    });
  }

  /** What was seen and not expected since the last check; the expectation of a test ends with it. */
  take(): ServerError[] {
    const unexpected = (this.#expectedByTest ?? this.expectedByFile) === null ? [...this.#seen] : [];
    this.#seen.length = 0;
    this.#expectedByTest = null;
    return unexpected;
  }
}

/** The contexts open now: checked after each test of the file. */
const watching = new Set<ServerErrorWatch>();
/** Each context's watch, by its app: appWithLog's apps report to the context's. */
const watchOfApp = new WeakMap<App, ServerErrorWatch>();

function failOn(unexpected: ServerError[], when: string): void {
  if (unexpected.length === 0) return;
  throw new Error(
    `The server logged at error level or answered 5xx ${when}, which the test did not say it expects ` +
      `(ctx.expectServerErrors('why') in a test that provokes one):\n${unexpected.map((e) => `  ${e.what}`).join('\n')}`,
  );
}

/**
 * A test file runs (under `node --test`, or alone), rather than a script that starts a context
 * (`npm run fuzz`, which reports what its server answered its own way): only then is the check made.
 */
const inTestRun = process.env.NODE_TEST_CONTEXT !== undefined || /\.test\.[cm]?[jt]s$/.test(process.argv[1] ?? '');

// Registered when a test file imports this module, so it runs after every test of the file.
if (inTestRun) {
  afterEach(async () => {
    // onResponse and log lines of the test's last request may still be on their way.
    await new Promise((resolve) => setImmediate(resolve));
    failOn([...watching].flatMap((watch) => watch.take()), 'during the test');
  });
}

export interface RequestOptions {
  body?: unknown;
  /** Sent form-encoded as given (already encoded), instead of JSON. */
  form?: string;
  headers?: Record<string, string>;
  /** The API key to send; the context's own by default, null for none. */
  key?: string | null;
}

export interface TestResponse {
  status: number;
  body: any;
  headers: LightMyRequestResponse['headers'];
  raw: LightMyRequestResponse;
}

export interface TestContext {
  app: App;
  database: DatabaseHandle;
  /** The database's URL: `startTestContext({ databaseUrl })` opens it for a second process. */
  databaseUrl: string;
  services: Services;
  config: Config;
  rateLimits: RateLimits;
  /** What /metrics shows; runJobs reports to it as the workers do. */
  metrics: Metrics;
  /** The context's Redis connection when REDIS_URL is set, else null. */
  redis: RedisConnection | null;
  /** What the Redis connection logged. */
  redisLog: LogLines;
  clock: TestClock;
  companyId: number;
  apiKey: string;
  request(method: string, url: string, options?: RequestOptions): Promise<TestResponse>;
  /** Runs the outbox jobs that are due now, as a worker would; returns how many ran. */
  runJobs(): Promise<number>;
  /**
   * Says the running test provokes what a healthy request never does (a line logged at error level
   * or a 5xx, e.g. a failure injected on purpose): until the test ends they do not fail it.
   * Without it, the check after each test fails a test in which the context's servers did so.
   */
  expectServerErrors(reason: string): void;
  /** A beta of the context's company, with settings merged over the defaults. */
  createBeta(settings?: Record<string, unknown>, name?: string): Promise<{ id: number; [key: string]: unknown }>;
  close(): Promise<void>;
}

/** A port nothing listens on now (the kernel's pick, released at once for the app to take). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface TestContextOptions {
  env?: Record<string, string>;
  /**
   * Listen on a real port of 127.0.0.1, with PUBLIC_URL that address (config.publicUrl), so the
   * links the app makes (share links, status links) lead a browser back to it.
   */
  listen?: boolean;
  /** With `listen`, the host name of PUBLIC_URL (127.0.0.1 by default; a browser test maps its own). */
  publicHost?: string;
  /**
   * Another process of the same deployment: open this database (another context's `databaseUrl`)
   * instead of creating one. Its creator drops it; this context only closes its connections. The
   * services, app and what they keep in memory are this context's own.
   */
  databaseUrl?: string;
  /** The clock to read: another context's, so that two processes share the time. A new one by default. */
  clock?: TestClock;
  /**
   * Act for this existing company (with `databaseUrl`): its API key is made for the context and
   * revoked by `close`. By default the context creates a company of its own.
   */
  companyId?: number;
  /**
   * Why every test of the file provokes server errors (a file about failures): the check after each
   * test lets them pass. Prefer `ctx.expectServerErrors` in the tests that do.
   */
  expectServerErrors?: string;
}

export async function startTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const { url, drop } = options.databaseUrl ? { url: options.databaseUrl, drop: async () => {} } : await createTestDatabase();
  const port = options.listen ? await freePort() : null;
  // Geolocation is off unless a test file asks for it: the bundled database is large to load.
  const config = loadConfig({
    DATABASE_URL: url,
    // Lines at error level are checked after each test (ServerErrorWatch); below it they are not written.
    LOG_LEVEL: 'error',
    PUBLIC_URL: port === null ? 'https://prelaunch.test' : `http://${options.publicHost ?? '127.0.0.1'}:${port}`,
    GEOIP_DATABASE_PATH: 'off',
    // Contexts running at once on one Redis never share counters.
    REDIS_KEY_PREFIX: `prelaunch-test-${randomUUID()}:`,
    ...GENEROUS_RATE_LIMITS,
    ...options.env,
  });
  const database = openDatabase(url, { poolSize: 20 });
  await migrateToLatest(database); // a database opened again is at the latest already: a no-op
  const clock = options.clock ?? new TestClock();
  const services = await createServices(database, config, { clock });
  const redisLog = logLines();
  const { rateLimits, redis } = openRateLimits(config, redisLog);
  const metrics = new Metrics({ database, stats: services.stats, emails: services.emails, rateLimits, redis, signupGuard: services.signupGuard, log: redisLog });
  const watch = new ServerErrorWatch(options.expectServerErrors ?? null);
  const app = await buildApp({ config, services, isDatabaseReady: () => isReachable(database), rateLimits, redis, metrics, logDestination: watch.logStream() });
  watch.watchAnswers(app);
  await app.ready();
  watching.add(watch);
  watchOfApp.set(app, watch);
  if (port !== null) await app.listen({ port, host: '127.0.0.1' });
  const company = options.companyId ? { id: options.companyId } : await services.accounts.createCompany({ name: 'Acme' });
  const { key, id: keyId } = await services.accounts.createApiKey({ companyId: company.id });

  const request: TestContext['request'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    const sent = options.key === undefined ? key : options.key;
    if (sent) headers.authorization = `Bearer ${sent}`;
    let payload: string | undefined;
    if (options.form !== undefined) {
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
      payload = options.form;
    } else if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const raw = await app.inject({ method: method as any, url: path, headers, payload });
    let body: any = raw.body;
    // JSON and +json types, not NDJSON (several documents, read by the test as text).
    if (/(^|[/+])json\b/.test((raw.headers['content-type'] ?? '').toString()) && raw.body) body = JSON.parse(raw.body);
    return { status: raw.statusCode, body, headers: raw.headers, raw };
  };

  return {
    app,
    database,
    databaseUrl: url,
    services,
    config,
    rateLimits,
    metrics,
    redis,
    redisLog,
    clock,
    companyId: company.id,
    apiKey: key,
    request,
    expectServerErrors: (reason) => watch.expect(reason),
    runJobs: () => createJobRunner(database, services, clock, app.log, metrics).runDue(),
    async createBeta(settings = {}, name = 'Launch') {
      const response = await request('POST', '/api/v2/betas', {
        body: { name, homepage_url: 'https://example.com/launch', settings },
      });
      if (response.status !== 201) throw new Error(`createBeta failed: ${JSON.stringify(response.body)}`);
      return response.body;
    },
    async close() {
      if (options.companyId) await services.accounts.revokeApiKey(keyId);
      await app.close();
      await services.close();
      redis?.close();
      await database.close();
      await drop();
      watching.delete(watch);
      if (inTestRun) failOn(watch.take(), 'after the last test');
    },
  };
}

/**
 * Another app over the context's database (and `services`, the context's by default) that logs at
 * level info into `log()`, one JSON line per entry, for tests of what reaches the operator's log.
 */
export async function appWithLog(
  ctx: TestContext,
  services: Services = ctx.services,
  options: { metrics?: MetricsEndpoint } = {},
): Promise<{ app: App; log: () => string }> {
  let text = '';
  const watch = watchOfApp.get(ctx.app);
  if (!watch) throw new Error('appWithLog takes a context of startTestContext');
  const logs = watch.logStream((line) => (text += `${line}\n`));
  const app = await buildApp({
    config: { ...ctx.config, logLevel: 'info' },
    services,
    rateLimits: ctx.rateLimits,
    redis: ctx.redis,
    isDatabaseReady: async () => true,
    metrics: options.metrics,
    logDestination: logs,
  });
  watch.watchAnswers(app);
  return { app, log: () => text };
}
