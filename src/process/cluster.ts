// `prelaunch serve --workers N`: a primary process that prepares the database once, then keeps N
// identical API processes (node:cluster) serving one port. It restarts a process that dies, with
// backoff, and stops them all gracefully on SIGINT/SIGTERM. /metrics, answered by whichever
// process the request reaches, shows every process's figures added up by the primary.
import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry } from 'prom-client';
import type { MetricsEndpoint } from '../http/metrics.routes.ts';
import type { Metrics } from './metrics.ts';
import { STOP_TIMEOUT_MS } from './stopping.ts';

export interface ClusterLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** A worker that lived this long before dying was healthy: the next restart comes at once again. */
const STABLE_AFTER_MS = 30_000;
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;
/**
 * A worker still running this long after being asked to stop is killed: it ends itself at
 * STOP_TIMEOUT_MS, so this only catches one too stuck to (an event loop that never turns).
 */
const KILL_AFTER_MS = STOP_TIMEOUT_MS + 1_000;
const METRICS_TIMEOUT_MS = 10_000;

const METRICS_REQUEST = 'prelaunch:metrics-request';
const METRICS_RESPONSE = 'prelaunch:metrics-response';
const SHUTDOWN = 'prelaunch:shutdown';

interface MetricsRequest {
  type: typeof METRICS_REQUEST;
  id: string;
}

interface MetricsResponse {
  type: typeof METRICS_RESPONSE;
  id: string;
  text?: string;
  error?: string;
}

/**
 * Runs the primary until every worker has stopped after SIGINT or SIGTERM. Workers re-run this
 * program (the same command line) and find themselves workers through `cluster.isWorker`.
 */
export function runPrimary(workers: number, log: ClusterLog): Promise<void> {
  const aggregator = new AggregatorRegistry();
  const started = new Map<Worker, number>();
  let failures = 0;
  let stopping = false;
  let restarts: NodeJS.Timeout[] = [];

  const fork = () => {
    const worker = cluster.fork();
    started.set(worker, Date.now());
  };

  cluster.on('listening', (worker, address) => log.info({ worker: worker.process.pid, port: address.port }, 'worker process listening'));

  cluster.on('message', (worker, message: MetricsRequest) => {
    if (message?.type !== METRICS_REQUEST) return;
    const answer = (fields: Partial<MetricsResponse>) => {
      if (worker.isConnected()) worker.send({ type: METRICS_RESPONSE, id: message.id, ...fields } satisfies MetricsResponse);
    };
    aggregator.clusterMetrics().then(
      (text) => answer({ text }),
      (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
    );
  });

  return new Promise((resolve) => {
    cluster.on('exit', (worker, code, signal) => {
      const lived = Date.now() - (started.get(worker) ?? Date.now());
      started.delete(worker);
      if (stopping) {
        log.info({ worker: worker.process.pid, code, signal }, 'worker process stopped');
        if (started.size === 0) resolve();
        return;
      }
      failures = lived >= STABLE_AFTER_MS ? 1 : failures + 1;
      const delay = Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (failures - 1));
      log.error({ worker: worker.process.pid, code, signal, restartInMs: delay }, 'worker process died; starting another');
      const timer = setTimeout(() => {
        restarts = restarts.filter((t) => t !== timer);
        fork();
      }, delay);
      restarts.push(timer);
    });

    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      log.info({ signal, workers: started.size }, 'stopping worker processes');
      for (const timer of restarts) clearTimeout(timer);
      if (started.size === 0) resolve();
      for (const worker of started.keys()) {
        // Asked through IPC, not a signal: a worker that got the terminal's SIGINT as well would
        // take a second signal as "stop at once".
        if (worker.isConnected()) worker.send({ type: SHUTDOWN });
        const kill = setTimeout(() => worker.process.kill('SIGKILL'), KILL_AFTER_MS);
        kill.unref();
        worker.once('exit', () => clearTimeout(kill));
      }
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);

    log.info({ workers }, 'starting worker processes');
    for (let i = 0; i < workers; i++) fork();
  });
}

/** In a worker: calls `stop` when the primary asks this process to stop. */
export function onShutdownRequest(stop: () => void): void {
  process.on('message', (message: { type?: string }) => {
    if (message?.type === SHUTDOWN) stop();
  });
}

/**
 * In a worker: /metrics asks the primary for every worker's figures added up, this process's
 * included. prom-client answers the primary's collection from the registry named here.
 */
export function clusterMetricsEndpoint(local: Metrics): MetricsEndpoint {
  AggregatorRegistry.setRegistries([local.registry]);
  // Constructing one installs the worker's listener that answers the primary's collection.
  new AggregatorRegistry();
  const pending = new Map<string, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  process.on('message', (message: MetricsResponse) => {
    if (message?.type !== METRICS_RESPONSE) return;
    const request = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined) request?.reject(new Error(`metrics of the worker processes: ${message.error}`));
    else request?.resolve(message.text ?? '');
  });
  return {
    observeRequest: (...args) => local.observeRequest(...args),
    async render() {
      const id = randomUUID();
      const text = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error('metrics of the worker processes: no answer from the primary'));
        }, METRICS_TIMEOUT_MS);
        const settle = <T>(fn: (value: T) => void) => (value: T) => {
          clearTimeout(timer);
          fn(value);
        };
        pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
        process.send!({ type: METRICS_REQUEST, id } satisfies MetricsRequest);
      });
      return { contentType: local.registry.contentType, text };
    },
  };
}
