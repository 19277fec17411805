// HTTP POSTs of webhooks, with node:http(s) rather than fetch: their `lookup` option lets every
// DNS answer be checked before a connection is made (webhook-targets.ts), which Node's built-in
// fetch does not offer without the undici package. Never throws: every way a request can end is an
// Answer the delivery log can show, but one: stopped by its caller's signal, it rejects.
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

/**
 * `status` when the receiver answered, else `error`: why there was no answer; `refused` when the
 * private-address rule stopped it, which no retry of the same delivery can change.
 */
export type Answer = ({ status: number; error: null } | { status: null; error: string; refused?: true }) & { durationMs: number };

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

/**
 * Idle connections to a receiver close after this long: below the 5 s keep-alive of common
 * servers (Node's included), so a connection is not reused just as the receiver closes it.
 */
const IDLE_CONNECTION_MS = 4_000;
/** Connections open to one endpoint at most; more deliveries wait for one. */
const CONNECTIONS_PER_ENDPOINT = 10;

/** Sends webhooks, keeping connections alive per endpoint (never shared between endpoints). */
export class WebhookSender {
  private readonly agents = new Map<number, { origin: string; agent: http.Agent }>();

  constructor(private readonly options: SendOptions) {}

  /**
   * POSTs `body` to the endpoint and reports how the receiver answered, within the time-out in all.
   * When `stop` aborts first, the request is dropped and this rejects with its reason: no answer
   * to log, and the receiver may or may not have had the request.
   */
  post(endpoint: { id: number; url: string }, body: string, headers: Record<string, string>, stop?: AbortSignal): Promise<Answer> {
    const { options } = this;
    if (stop?.aborted) return Promise.reject(stop.reason);
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const url = new URL(endpoint.url);
    // A literal address is connected to without any lookup, so it is judged here.
    const refusal = options.allowPrivateTargets ? null : privateTargetRefusal(url);
    if (refusal) return Promise.resolve({ status: null, error: refusal.message, refused: true, durationMs: 0 });

    return new Promise((resolve, reject) => {
      let settled = false;
      let status: number | null = null;
      const request = (url.protocol === 'https:' ? https : http).request(url, {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: this.agentFor(endpoint.id, url),
        // Checked when a connection is made; a kept-alive one was checked when it was.
        lookup: options.allowPrivateTargets ? undefined : publicOnlyLookup,
      });
      // The first way the request ends is the one; `keep` leaves a connection whose answer was read
      // to the end open for the next delivery.
      const end = (keep: boolean, report: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        stop?.removeEventListener('abort', stopped);
        if (!keep) request.destroy();
        report();
      };
      const settle = (failure?: string, keep = false, refused = false) =>
        end(keep, () =>
          resolve(
            status !== null
              ? { status, error: null, durationMs: elapsed() }
              : { status: null, error: failure ?? 'No answer', ...(refused && { refused: true as const }), durationMs: elapsed() },
          ),
        );
      // Once the status line is in, running out of time (or being stopped) while reading the rest still counts as an answer.
      const timer = setTimeout(() => settle(`No answer within ${seconds(options.timeoutMs)}`), options.timeoutMs);
      const stopped = () => (status !== null ? settle() : end(false, () => reject(stop!.reason)));
      stop?.addEventListener('abort', stopped, { once: true });
      request.on('response', (response) => {
        status = response.statusCode ?? null;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read >= RESPONSE_BYTES_READ) settle();
        });
        response.on('end', () => settle(undefined, true));
        response.on('error', () => settle());
      });
      request.on('error', (error: NodeJS.ErrnoException) => settle(describeFailure(error, url), false, error.code === 'EPRIVATETARGET'));
      request.end(body);
    });
  }

  /** Closes every connection; for shutdown, once no delivery is running. */
  close(): void {
    for (const { agent } of this.agents.values()) agent.destroy();
    this.agents.clear();
  }

  private agentFor(endpointId: number, url: URL): http.Agent {
    const known = this.agents.get(endpointId);
    if (known?.origin === url.origin) return known.agent;
    known?.agent.destroy(); // the endpoint's URL changed: its old connections are of no use
    const Agent = url.protocol === 'https:' ? https.Agent : http.Agent;
    const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS_PER_ENDPOINT, timeout: IDLE_CONNECTION_MS });
    this.agents.set(endpointId, { origin: url.origin, agent });
    return agent;
  }
}
