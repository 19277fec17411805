// One window of load: autocannon against a server for a while, each request made by the caller
// (a path, a method, a body), and what it answered: throughput, latency and what went wrong.
import autocannon from 'autocannon';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export interface WindowResult {
  rps: number;
  /** Answers received in the window. */
  requests: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers with a 5xx status. */
  serverErrors: number;
}

export async function loadWindow(options: { url: string; connections: number; seconds: number; headers?: Record<string, string>; request: () => LoadRequest }): Promise<WindowResult> {
  let serverErrors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: options.url, connections: options.connections, duration: options.seconds, headers: options.headers, requests: [{ setupRequest: (base) => ({ ...base, ...options.request() }) }] },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, statusCode) => {
      if (statusCode >= 500) serverErrors += 1;
    });
  });
  process.stderr.write('.');
  return { rps: result.requests.average, requests: result.requests.total, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts, serverErrors };
}
