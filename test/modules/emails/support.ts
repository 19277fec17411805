// Helpers shared by the e-mail test files: a real SMTP server on loopback, a small MIME reader for
// what it received, and reads of the stored messages.
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import type { TestContext } from '../../support/context.ts';

export const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** An invitation e-mail sent to `address` at `at` (stored time), as a row of the log: for tests of its retention. */
export function sentInvitationRow(betaId: number, address: string, at: string) {
  return {
    beta_id: betaId, tester_id: null, to_address: address, email_normalized: address, occasion: 'invitation',
    subject: 'Welcome', text_body: 'Hello', html_body: null, status: 'sent', error: null, unsubscribe_token: `${address}-token`, created_at: at, sent_at: at,
  };
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The login the client gave, when it authenticated. */
  auth: { username: string; password: string } | null;
}

/** What the server answers, per recipient address (lower case): one code per attempt, then 250. */
export interface SmtpScript {
  rcpt: Map<string, number[]>;
  data: Map<string, number[]>;
}

export interface TestSmtpServer {
  port: number;
  received: ReceivedMail[];
  script: SmtpScript;
  /** Every RCPT TO the server was given, accepted or not. */
  attempts: string[];
  close(): Promise<void>;
}

function reply(code: number): Error & { responseCode: number } {
  const text = code >= 500 ? '5.1.1 Mailbox unavailable' : '4.7.1 Try again later';
  return Object.assign(new Error(text), { responseCode: code });
}

/** A real SMTP server on 127.0.0.1 (any free port) that keeps what it receives. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const attempts: string[] = [];
  const script: SmtpScript = { rcpt: new Map(), data: new Map() };
  const logins = new WeakMap<object, { username: string; password: string }>();
  const next = (codes: Map<string, number[]>, address: string) => codes.get(address.toLowerCase())?.shift();
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, session, callback) {
      logins.set(session, { username: auth.username ?? '', password: auth.password ?? '' });
      callback(null, { user: auth.username });
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      attempts.push(address.address);
      const code = next(script.rcpt, address.address);
      callback(code ? reply(code) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const code = next(script.data, to[0] ?? '');
        if (code) return callback(reply(code));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to,
          raw: Buffer.concat(chunks).toString('utf8'),
          auth: logins.get(session) ?? null,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address()).port;
  return { port, received, script, attempts, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

// ---- reading MIME ------------------------------------------------------------------------------

export interface ParsedMail {
  headers: Map<string, string>;
  text: string | null;
  html: string | null;
}

/** =?UTF-8?Q?…?= and =?UTF-8?B?…?= words, as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  return { headers: parseHeaders(raw.slice(0, end)), body: raw.slice(end + 4) };
}

function collectParts(raw: string, into: ParsedMail): void {
  const { headers, body } = splitEntity(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      collectParts(part.replace(/^\r\n/, ''), into);
    }
    return;
  }
  const content = decodeBody(body.replace(/\r\n$/, ''), headers.get('content-transfer-encoding'));
  if (/^text\/html/i.test(type)) into.html = content;
  else if (/^text\/plain/i.test(type)) into.text = content;
}

export function parseMail(raw: string): ParsedMail {
  const parsed: ParsedMail = { headers: splitEntity(raw).headers, text: null, html: null };
  collectParts(raw, parsed);
  return parsed;
}

// ---- stored state ------------------------------------------------------------------------------

export async function storedMessages(ctx: TestContext, betaId: number) {
  return ctx.database.db.selectFrom('email_messages').selectAll().where('beta_id', '=', betaId).orderBy('id').execute();
}

export async function storedMessage(ctx: TestContext, id: number) {
  return ctx.database.db.selectFrom('email_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The outbox jobs that send e-mail, with their payloads parsed. */
export async function sendJobs(ctx: TestContext) {
  const rows = await ctx.database.db.selectFrom('outbox_jobs').selectAll().where('kind', '=', 'email.send').orderBy('id').execute();
  return rows.map((row) => ({ ...row, payload: JSON.parse(row.payload) as { messageId: number } }));
}

export async function setTemplate(ctx: TestContext, betaId: number, occasion: string, fields: Record<string, unknown>) {
  const response = await ctx.request('PUT', `/api/v2/betas/${betaId}/email_templates/${occasion}`, { body: { email_template: fields } });
  if (response.status !== 200) throw new Error(`setTemplate failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
