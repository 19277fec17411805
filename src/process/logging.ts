// The process's logging, whatever it runs (the API, the workers, the cluster's primary, the CLI):
// pino lines whose errors carry no stack and no driver's quoted row values, as JSON lines or, for a
// person at a terminal, readable ones. The request log of the HTTP layer (http/request-log.ts) uses
// the same serializer.
import { pino, type DestinationStream, type Logger } from 'pino';

/** The fields of a database driver's error that name things (never values): PostgreSQL's and SQLite's. */
const NAMING_FIELDS = ['code', 'constraint', 'table', 'column', 'routine'] as const;

/**
 * An error as a log line shows it: its kind, message and codes, and its cause's. No stack (no log
 * line carries one; the request id ties a 500 to its line) and none of the driver's `detail`,
 * `where` or parameters, which quote rows: another tenant's data would reach the log.
 */
export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = error as Error & Partial<Record<(typeof NAMING_FIELDS)[number], unknown>>;
  const line: Record<string, unknown> = { type: error.constructor.name, message: error.message };
  for (const name of NAMING_FIELDS) if (typeof fields[name] === 'string' || typeof fields[name] === 'number') line[name] = fields[name];
  if (error.cause !== undefined) line.cause = serializeError(error.cause);
  return line;
}

/**
 * A logger outside a Fastify app (the server's start, the worker, the cluster's primary), with the
 * same error serializer as the app's; to stdout unless given a destination (a test reading the lines).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({ level, serializers: { err: serializeError } }, destination);
}

/**
 * Where the process's lines go: standard output as JSON lines (the default off a terminal: log
 * collectors read them), or readable lines through pino-pretty for a person at a terminal
 * (LOG_FORMAT=pretty, or auto when standard output is a TTY). Loaded only then: JSON costs nothing.
 */
export async function logDestination(format: 'auto' | 'json' | 'pretty', stdout: NodeJS.WriteStream = process.stdout): Promise<(DestinationStream & NodeJS.WritableStream) | undefined> {
  if (format === 'json' || (format === 'auto' && !stdout.isTTY)) return undefined;
  const { default: pretty } = await import('pino-pretty');
  return pretty({ destination: stdout, sync: true, colorize: stdout.isTTY === true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
}
