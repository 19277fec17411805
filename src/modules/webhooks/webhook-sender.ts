// One HTTP POST of a webhook, with node:http(s) rather than fetch: their `lookup` option lets every
// DNS answer be checked before the connection is made (webhook-targets.ts), which Node's built-in
// fetch does not offer without the undici package. Never throws: every way a request can end is an
// Answer the delivery log can show.
import http from 'node:http';
import https from 'node:https';
import { privateTargetRefusal, publicOnlyLookup } from './webhook-targets.ts';

/** The receiver's answer is read this far and dropped: only its status matters. */
const RESPONSE_BYTES_READ = 4096;
const MAX_ERROR_LENGTH = 200;

export interface SendOptions {
  timeoutMs: number;
  allowPrivateTargets: boolean;
}

/** `status` when the receiver answered, else `error`: why there was no answer. */
export type Answer = ({ status: number; error: null } | { status: null; error: string }) & { durationMs: number };

function seconds(milliseconds: number): string {
  return `${Number((milliseconds / 1000).toFixed(3))} s`;
}

/** A short sentence for a failed request; system errors keep their code for searching. */
function describeFailure(error: NodeJS.ErrnoException, url: URL): string {
  switch (error.code) {
    case 'EPRIVATETARGET':
      return error.message;
    case 'ECONNREFUSED':
      return `Connection refused by ${url.host}`;
    case 'ECONNRESET':
      return 'The receiver closed the connection without answering';
    case 'ENOTFOUND':
      return `Host ${url.hostname} not found`;
    case 'EAI_AGAIN':
      return `Host ${url.hostname} could not be resolved right now`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `Host ${url.hostname} is unreachable`;
    default: {
      const message = error.message || error.code || 'the request failed';
      return message.length > MAX_ERROR_LENGTH ? `${message.slice(0, MAX_ERROR_LENGTH - 3)}...` : message;
    }
  }
}

/** POSTs `body` to `target` and reports how the receiver answered, within `timeoutMs` in all. */
export function postWebhook(target: string, body: string, headers: Record<string, string>, options: SendOptions): Promise<Answer> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(target);
  // A literal address is connected to without any lookup, so it is judged here.
  const refusal = options.allowPrivateTargets ? null : privateTargetRefusal(url);
  if (refusal) return Promise.resolve({ status: null, error: refusal.message, durationMs: 0 });

  return new Promise((resolve) => {
    let settled = false;
    let status: number | null = null;
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      // A connection of its own: nothing pooled is shared between tenants' receivers.
      agent: false,
      lookup: options.allowPrivateTargets ? undefined : publicOnlyLookup,
    });
    const settle = (failure?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(status !== null ? { status, error: null, durationMs: elapsed() } : { status: null, error: failure ?? 'No answer', durationMs: elapsed() });
    };
    // Once the status line is in, running out of time while reading the rest still counts as an answer.
    const timer = setTimeout(() => settle(`No answer within ${seconds(options.timeoutMs)}`), options.timeoutMs);
    request.on('response', (response) => {
      status = response.statusCode ?? null;
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read >= RESPONSE_BYTES_READ) settle();
      });
      response.on('end', () => settle());
      response.on('error', () => settle());
    });
    request.on('error', (error) => settle(describeFailure(error, url)));
    request.end(body);
  });
}
