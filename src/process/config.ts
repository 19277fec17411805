// The only reader of process.env. One TypeBox schema describes every setting; loadConfig
// converts, checks and freezes it, so a bad value stops the process at start with a clear message.
import Type, { type Static } from 'typebox';
import { Value } from 'typebox/value';

// A rate limit as COUNT/WINDOW: "60/1m" is 60 requests per minute (window in s, m or h).
const RATE_PATTERN = '^[1-9][0-9]{0,8}/[1-9][0-9]{0,5}[smh]$';
const WINDOW_SECONDS = { s: 1, m: 60, h: 3600 } as const;
/** The shortest e-mail retention: unsubscribe links keep working at least this long (CAN-SPAM asks 30 days). */
const MIN_EMAIL_RETENTION_DAYS = 30;

function rateSetting(fallback: string, description: string) {
  return Type.String({ default: fallback, pattern: RATE_PATTERN, description: `${description}, as COUNT/WINDOW (window in s, m or h)` });
}

const EnvSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000, description: 'HTTP port' }),
  HOST: Type.String({ default: '0.0.0.0', description: 'Interface to listen on' }),
  DATABASE_URL: Type.String({
    default: 'sqlite:./data/prelaunch.sqlite',
    pattern: '^(sqlite:|postgres://|postgresql://)',
    description: 'sqlite:PATH (embedded default) or postgres://…',
  }),
  DATABASE_LISTEN_URL: Type.String({
    default: '',
    pattern: '^(postgres(ql)?://.+)?$',
    description: 'PostgreSQL: where each process opens its listening connection (LISTEN needs a session: not PgBouncer in transaction mode); empty = DATABASE_URL',
  }),
  POSTGRES_COMMIT_GROUPS: Type.Integer({
    minimum: 0,
    maximum: 8,
    default: 0,
    description: 'PostgreSQL: commit groups open at once, each sharing one commit among the commands queued meanwhile (of the pool of 10); 0 = every command commits alone',
  }),
  PUBLIC_URL: Type.String({
    default: '',
    pattern: '^(https?://.*)?$',
    description: 'Address visitors reach the service at; share links are built from it (default http://localhost:PORT)',
  }),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    default: 'info',
    description: 'fatal, error, warn, info, debug, trace or silent',
  }),
  LOG_FORMAT: Type.Enum(['auto', 'json', 'pretty'], {
    default: 'auto',
    description: 'json: one JSON object a line; pretty: readable lines for a person; auto: pretty when standard output is a terminal, else json',
  }),
  GEOIP_DATABASE_PATH: Type.String({
    default: '',
    description: 'MMDB file for IP geolocation; empty = the bundled DB-IP Lite city database; "off" disables',
  }),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, default: 1_048_576, description: 'Largest request body accepted' }),
  TRUST_PROXY: Type.Boolean({ default: false, description: 'Trust X-Forwarded-* headers (behind a load balancer)' }),
  HTTP_HEADERS_TIMEOUT_MS: Type.Integer({
    minimum: 1000,
    maximum: 300_000,
    default: 30_000,
    description: "How long a client has to send a request's headers, in milliseconds; past it the connection is closed (408)",
  }),
  HTTP_REQUEST_TIMEOUT_MS: Type.Integer({
    minimum: 1000,
    maximum: 3_600_000,
    default: 120_000,
    description: 'How long a client has to send a whole request, body included, in milliseconds (at least HTTP_HEADERS_TIMEOUT_MS)',
  }),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 600_000,
    default: 10_000,
    description: 'How long an idle kept-alive connection stays open, in milliseconds (behind a load balancer: longer than its idle timeout)',
  }),
  HTTP_TIMEOUT_CHECK_INTERVAL_MS: Type.Integer({
    minimum: 100,
    maximum: 30_000,
    default: 1000,
    description: "How often Node looks for connections past the header and request timeouts, in milliseconds (Node's own default is 30 s)",
  }),
  MAX_CONNECTIONS_PER_ADDRESS: Type.Integer({
    minimum: 0,
    maximum: 100_000,
    default: 256,
    description: 'Open connections per client address; more are closed at once. 0 = no cap. Not applied with TRUST_PROXY (the server sees only the proxy)',
  }),
  WORKERS_ENABLED: Type.Boolean({ default: true, description: 'Run the background workers inside the API process' }),
  MCP_ALLOW_WRITES: Type.Boolean({ default: false, description: 'Offer the MCP server\'s tools that change data at /mcp (reads only by default)' }),
  PRELAUNCH_API_KEY: Type.String({ default: '', description: 'The API key `prelaunch mcp` acts with when --api-key is not given' }),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: Type.Boolean({
    default: false,
    description:
      'Let webhooks target loopback, private, link-local and other non-public addresses (development, private networks); ' +
      'by default such URLs are refused and so are names that resolve to them',
  }),
  // At most 30 s: an attempt holds a connection and its job until it ends (the job's lease is renewed meanwhile).
  WEBHOOK_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 30_000,
    default: 15_000,
    description: 'How long a webhook receiver has to answer, in milliseconds',
  }),
  SMTP_URL: Type.String({
    default: '',
    pattern: '^(smtps?://.+)?$',
    description:
      'smtp://[user:password@]host[:port] (STARTTLS when offered) or smtps://… (TLS from the start); empty = e-mail is captured: stored and listed, never sent',
  }),
  EMAIL_FROM: Type.String({
    default: '',
    pattern: '^(.*@.*)?$',
    description: 'Sender of every e-mail, e.g. "Rocket <hello@rocket.example>"; empty = the beta\'s name <no-reply@host of PUBLIC_URL>',
  }),
  EMAIL_SENDS_PER_MINUTE: Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    default: 0,
    description:
      'E-mails this server sends per minute at most, counted in the database across every process on it; past it they wait for the next minute, queued; 0 = no cap',
  }),
  METRICS_ENABLED: Type.Boolean({ default: true, description: 'Serve Prometheus metrics at /metrics' }),
  METRICS_TOKEN: Type.String({
    default: '',
    description: 'When set, /metrics asks for it (Authorization: Bearer TOKEN); empty = /metrics is open to whoever reaches the port',
  }),
  WORKER_METRICS_PORT: Type.Integer({
    minimum: 0,
    maximum: 65535,
    default: 0,
    description: 'Port on which `prelaunch worker` serves /metrics and /healthz (on HOST); 0 = no listener',
  }),
  WEBHOOK_LOG_RETENTION_DAYS: Type.Integer({
    minimum: 0,
    maximum: 36500,
    default: 30,
    description:
      'Days a webhook event and its delivery attempts are kept after its last attempt (never while a delivery is pending); 0 = kept for ever',
  }),
  EMAIL_LOG_RETENTION_DAYS: Type.Integer({
    minimum: 0,
    maximum: 36500,
    default: 90,
    description:
      'Days an e-mail message is kept after it was written (never while it is queued), and a confirmation link with it; ' +
      'its unsubscribe link works as long as it is kept, so at least 30; 0 = kept for ever',
  }),
  REDIS_URL: Type.String({
    default: '',
    pattern: '^(rediss?://.+)?$',
    description: 'redis://[user:password@]host[:port][/db] or rediss://… (TLS); rate-limit counters are shared there by every process; empty = counted in each process\'s memory',
  }),
  REDIS_KEY_PREFIX: Type.String({ default: 'prelaunch:', description: 'Prefix of every key Prelaunch writes in Redis (several deployments on one Redis)' }),
  HEAP_GROWTH_PERCENT: Type.Integer({
    minimum: 0,
    maximum: 1000,
    default: 25,
    description:
      'How far the JavaScript heap may grow past what the last full garbage collection kept before the next one, in per cent; ' +
      'lower holds resident memory down at the cost of more frequent collections; 0 = V8\'s own choice (up to 300 % on a busy server)',
  }),
  RATE_LIMIT_DEFAULT: rateSetting('60000/1m', 'Requests per API key to any authenticated route'),
  RATE_LIMIT_LIST_BETAS: rateSetting('90/15m', 'List betas, per company'),
  RATE_LIMIT_SHOW_BETA: rateSetting('90/15m', 'Show beta, per company'),
  RATE_LIMIT_LIST_TESTERS: rateSetting('60/1m', 'List testers, per beta'),
  RATE_LIMIT_LIST_TESTERS_COMPANY: rateSetting('180/1m', 'List testers, per company across all its betas'),
  RATE_LIMIT_LIST_REWARDS: rateSetting('60/1m', 'List rewards, per beta'),
  RATE_LIMIT_LIST_POINTS: rateSetting('60/1m', 'List points, per beta'),
  RATE_LIMIT_TEST_EMAILS: rateSetting('20/1h', "Test sends of an e-mail template, per member or API key"),
  RATE_LIMIT_PUBLIC_PAGES: rateSetting('300/1m', 'Public pages, share links, impressions and embed.js, per visitor network (IPv4 address or IPv6 /64)'),
  RATE_LIMIT_PUBLIC_SIGNUPS: rateSetting('20/1m', 'Public signups and confirmations, per visitor network'),
  RATE_LIMIT_CONFIRMATION_RESEND: rateSetting('5/1h', 'Requests for a new confirmation link, per visitor network'),
  RATE_LIMIT_SIGN_IN_ADDRESS: rateSetting(
    '10/15m',
    'Failed console sign-ins per e-mail address from one client network, and password reset requests per e-mail address; past it that network (or the reset form) is refused for the address until the window ends',
  ),
  RATE_LIMIT_SIGN_IN_NETWORK: rateSetting('50/15m', 'Failed console sign-ins per client network (IPv4 address or IPv6 /64)'),
  RATE_LIMIT_SIGN_IN_ALERT: rateSetting(
    '20/15m',
    "Failed console sign-ins per e-mail address from every network together that count as an attack: the address's member is e-mailed a one-time sign-in link (once a window); nobody is refused for it",
  ),
});

type Env = Static<typeof EnvSchema>;

/** A fixed-window limit: `points` requests per `seconds`. */
export interface Rate {
  readonly points: number;
  readonly seconds: number;
}

/** The configured limits (docs/decisions.md, "Rate limits", says whose requests each one counts). */
export type RateLimitName = 'default' | 'listBetas' | 'showBeta' | 'listTesters' | 'listTestersCompany' | 'listRewards' | 'listPoints' | 'testEmails';

export type PublicRateLimitName = 'pages' | 'signups' | 'resend';

export type SignInRateLimitName = 'address' | 'network' | 'alert';

function parseRate(text: string): Rate {
  const [points, window] = text.split('/');
  return { points: Number(points), seconds: Number(window.slice(0, -1)) * WINDOW_SECONDS[window.slice(-1) as keyof typeof WINDOW_SECONDS] };
}

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string;
  /** PostgreSQL: the listening connection's server (db/engine/wakeups.ts); null for databaseUrl's. */
  readonly databaseListenUrl: string | null;
  /** PostgreSQL: commit groups open at once (db/engine/commit-groups.ts); 0 for none, the default. */
  readonly postgresCommitGroups: number;
  readonly publicUrl: string;
  readonly logLevel: Env['LOG_LEVEL'];
  readonly logFormat: Env['LOG_FORMAT'];
  readonly geoipDatabasePath: string;
  readonly bodyLimitBytes: number;
  readonly trustProxy: boolean;
  readonly mcpAllowWrites: boolean;
  /** The key `prelaunch mcp` acts with by default; null when not set. */
  readonly mcpApiKey: string | null;
  /** How long slow clients may hold a connection (http/connection-limits.ts). */
  readonly http: Readonly<{
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    keepAliveTimeoutMs: number;
    timeoutCheckIntervalMs: number;
    /** Open connections per client address; null = no cap (none is applied behind a trusted proxy). */
    maxConnectionsPerAddress: number | null;
  }>;
  readonly workersEnabled: boolean;
  readonly metricsEnabled: boolean;
  /** The token /metrics asks for; null = open. A secret: never log it. */
  readonly metricsToken: string | null;
  /** Where `prelaunch worker` serves /metrics and /healthz; null = no listener. */
  readonly workerMetricsPort: number | null;
  /** Days webhook events and their attempts are kept after the last attempt; null = for ever. */
  readonly webhookLogRetentionDays: number | null;
  /** Days e-mail messages are kept after they were written; null = for ever. */
  readonly emailLogRetentionDays: number | null;
  readonly webhookAllowPrivateTargets: boolean;
  readonly webhookTimeoutMs: number;
  /** Where e-mail is sent through; null = captured (stored and listed, never sent). A secret: never log it. */
  readonly smtpUrl: string | null;
  /** The sender as configured, or null for the beta's name at no-reply@ the PUBLIC_URL host. */
  readonly emailFrom: string | null;
  /** E-mails sent per minute at most across every process on the database; null = no cap. */
  readonly emailSendsPerMinute: number | null;
  /** Where rate-limit counters are shared; null = each process counts in memory. A secret: never log it. */
  readonly redisUrl: string | null;
  readonly redisKeyPrefix: string;
  /** V8's heap growing factor, in per cent over the live heap (src/process/heap-growth.ts); 0 = V8's own. */
  readonly heapGrowthPercent: number;
  readonly rateLimits: Readonly<Record<RateLimitName, Rate>>;
  /** Per-IP limits of the pages and endpoints visitors reach without a key. */
  readonly publicRateLimits: Readonly<Record<PublicRateLimitName, Rate>>;
  /** Failed console sign-ins counted per address and per network. */
  readonly signInRateLimits: Readonly<Record<SignInRateLimitName, Rate>>;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known: Record<string, unknown> = {};
  for (const key of Object.keys(EnvSchema.properties)) {
    const value = env[key];
    if (value !== undefined && value !== '') known[key] = value;
  }
  // Convert would read "12.5" as 12 for a whole-number setting: such a value is refused instead.
  const notWhole = Object.keys(known).filter(
    (key) => (EnvSchema.properties as Record<string, { type?: string }>)[key].type === 'integer' && !/^\s*[+-]?\d+\s*$/.test(String(known[key])),
  );
  const candidate = Value.Convert(EnvSchema, Value.Default(EnvSchema, known));
  if (notWhole.length > 0 || !Value.Check(EnvSchema, candidate)) {
    const problems = [
      ...notWhole.map((key) => `${key}: must be a whole number`),
      ...Value.Errors(EnvSchema, candidate)
        .map((e) => ({ key: e.instancePath.slice(1), message: e.message }))
        .filter(({ key }) => !notWhole.includes(key))
        .map(({ key, message }) => `${key}: ${message}`),
    ];
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const parsed = candidate as Env;
  // The URL carries the SMTP password: the message names the setting, never its value.
  if (parsed.SMTP_URL && !(URL.canParse(parsed.SMTP_URL) && new URL(parsed.SMTP_URL).hostname)) {
    throw new ConfigError('Invalid configuration: SMTP_URL must be smtp://[user:password@]host[:port] or smtps://… (percent-encode special characters)');
  }
  if (parsed.REDIS_URL && !(URL.canParse(parsed.REDIS_URL) && new URL(parsed.REDIS_URL).hostname)) {
    throw new ConfigError('Invalid configuration: REDIS_URL must be redis://[user:password@]host[:port][/db] or rediss://… (percent-encode special characters)');
  }
  // Node refuses a header timeout longer than the request's: the headers are part of the request.
  if (parsed.HTTP_REQUEST_TIMEOUT_MS < parsed.HTTP_HEADERS_TIMEOUT_MS) {
    throw new ConfigError('Invalid configuration: HTTP_REQUEST_TIMEOUT_MS must be at least HTTP_HEADERS_TIMEOUT_MS: the headers are part of the request');
  }
  // An e-mail's unsubscribe link names the stored message: it must keep working a while after sending.
  if (parsed.EMAIL_LOG_RETENTION_DAYS > 0 && parsed.EMAIL_LOG_RETENTION_DAYS < MIN_EMAIL_RETENTION_DAYS) {
    throw new ConfigError(
      `Invalid configuration: EMAIL_LOG_RETENTION_DAYS must be 0 (keep every e-mail) or at least ${MIN_EMAIL_RETENTION_DAYS}: ` +
        'an e-mail\'s unsubscribe link works only as long as the e-mail is kept',
    );
  }
  return Object.freeze({
    port: parsed.PORT,
    host: parsed.HOST,
    databaseUrl: parsed.DATABASE_URL,
    databaseListenUrl: parsed.DATABASE_LISTEN_URL || null,
    postgresCommitGroups: parsed.POSTGRES_COMMIT_GROUPS,
    publicUrl: (parsed.PUBLIC_URL || `http://localhost:${parsed.PORT}`).replace(/\/+$/, ''),
    logLevel: parsed.LOG_LEVEL,
    logFormat: parsed.LOG_FORMAT,
    geoipDatabasePath: parsed.GEOIP_DATABASE_PATH,
    bodyLimitBytes: parsed.BODY_LIMIT_BYTES,
    trustProxy: parsed.TRUST_PROXY,
    mcpAllowWrites: parsed.MCP_ALLOW_WRITES,
    mcpApiKey: parsed.PRELAUNCH_API_KEY || null,
    http: Object.freeze({
      headersTimeoutMs: parsed.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: parsed.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: parsed.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      timeoutCheckIntervalMs: parsed.HTTP_TIMEOUT_CHECK_INTERVAL_MS,
      maxConnectionsPerAddress: parsed.MAX_CONNECTIONS_PER_ADDRESS || null,
    }),
    workersEnabled: parsed.WORKERS_ENABLED,
    metricsEnabled: parsed.METRICS_ENABLED,
    metricsToken: parsed.METRICS_TOKEN || null,
    workerMetricsPort: parsed.WORKER_METRICS_PORT || null,
    webhookLogRetentionDays: parsed.WEBHOOK_LOG_RETENTION_DAYS || null,
    emailLogRetentionDays: parsed.EMAIL_LOG_RETENTION_DAYS || null,
    webhookAllowPrivateTargets: parsed.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    webhookTimeoutMs: parsed.WEBHOOK_TIMEOUT_MS,
    smtpUrl: parsed.SMTP_URL || null,
    emailFrom: parsed.EMAIL_FROM.trim() || null,
    emailSendsPerMinute: parsed.EMAIL_SENDS_PER_MINUTE || null,
    redisUrl: parsed.REDIS_URL || null,
    redisKeyPrefix: parsed.REDIS_KEY_PREFIX,
    heapGrowthPercent: parsed.HEAP_GROWTH_PERCENT,
    rateLimits: Object.freeze({
      default: parseRate(parsed.RATE_LIMIT_DEFAULT),
      listBetas: parseRate(parsed.RATE_LIMIT_LIST_BETAS),
      showBeta: parseRate(parsed.RATE_LIMIT_SHOW_BETA),
      listTesters: parseRate(parsed.RATE_LIMIT_LIST_TESTERS),
      listTestersCompany: parseRate(parsed.RATE_LIMIT_LIST_TESTERS_COMPANY),
      listRewards: parseRate(parsed.RATE_LIMIT_LIST_REWARDS),
      listPoints: parseRate(parsed.RATE_LIMIT_LIST_POINTS),
      testEmails: parseRate(parsed.RATE_LIMIT_TEST_EMAILS),
    }),
    publicRateLimits: Object.freeze({
      pages: parseRate(parsed.RATE_LIMIT_PUBLIC_PAGES),
      signups: parseRate(parsed.RATE_LIMIT_PUBLIC_SIGNUPS),
      resend: parseRate(parsed.RATE_LIMIT_CONFIRMATION_RESEND),
    }),
    signInRateLimits: Object.freeze({
      address: parseRate(parsed.RATE_LIMIT_SIGN_IN_ADDRESS),
      network: parseRate(parsed.RATE_LIMIT_SIGN_IN_NETWORK),
      alert: parseRate(parsed.RATE_LIMIT_SIGN_IN_ALERT),
    }),
  });
}

/** Every setting with its default and description, for docs/configuration.md and `prelaunch config`. */
export function describeSettings(): { name: string; default: unknown; description: string }[] {
  return Object.entries(EnvSchema.properties).map(([name, schema]) => ({
    name,
    default: (schema as { default?: unknown }).default,
    description: (schema as { description?: string }).description ?? '',
  }));
}
