// The way out: one pooled SMTP transport per process (nodemailer), and how an SMTP failure is read.
// Nothing here logs: nodemailer's own logger stays off, so no body, address list or credential of
// SMTP_URL reaches a log line.
import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  from: string | { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
}

export interface Mailer {
  /** Resolves with the Message-ID once the server accepted the message; rejects with its error. */
  send(email: OutgoingEmail): Promise<{ messageId: string }>;
  /** Closes the pool's connections (at shutdown). */
  close(): void;
}

/**
 * A pooled transport to SMTP_URL: smtp:// starts in plain text and upgrades with STARTTLS when the
 * server offers it, smtps:// is TLS from the start. Timeouts bound one attempt; the outbox renews
 * its job's lease while it runs, so a slow server never has a second worker send the same message.
 */
export function smtpMailer(smtpUrl: string): Mailer {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    pool: true,
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : undefined,
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    maxConnections: 3,
    // A connection lost mid-send fails the attempt; the outbox retries it with backoff instead.
    maxRequeues: 0,
    idleTimeout: 30_000,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    logger: false,
    debug: false,
  });
  return {
    async send(email) {
      const info = await transport.sendMail({
        from: email.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html === null ? {} : { html: email.html }),
        headers: email.headers,
      });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

/**
 * What a failed send means. `bounce`: the server refused the recipient for good (5xx to RCPT TO),
 * the address is bad. `rejected`: it refused this message for good (5xx after DATA), trying again
 * would get the same answer. `temporary`: anything else — no connection, a 4xx, a refused login or
 * sender (the operator's configuration, which can be fixed) — worth another attempt.
 */
export interface SmtpFailure {
  kind: 'bounce' | 'rejected' | 'temporary';
  /** The server's reply, or the error's code and message: no credential, no body. */
  description: string;
}

interface SmtpErrorFields {
  code?: unknown;
  command?: unknown;
  response?: unknown;
  permanent?: unknown;
  message?: unknown;
}

const MAX_DESCRIPTION = 500;

export function classifySmtpFailure(error: unknown): SmtpFailure {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as SmtpErrorFields;
  const description = (
    typeof fields.response === 'string'
      ? fields.response
      : `${typeof fields.code === 'string' ? `${fields.code}: ` : ''}${typeof fields.message === 'string' ? fields.message : String(error)}`
  ).slice(0, MAX_DESCRIPTION);
  if (fields.permanent === true && fields.command === 'RCPT TO') return { kind: 'bounce', description };
  if (fields.permanent === true && fields.command === 'DATA') return { kind: 'rejected', description };
  return { kind: 'temporary', description };
}
