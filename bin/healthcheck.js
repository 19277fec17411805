#!/usr/bin/env node
// The Docker image's HEALTHCHECK: exits 0 when this container's Prelaunch process answers
// GET /healthz, 1 otherwise. `serve` answers on PORT; `prelaunch worker` on its metrics port,
// WORKER_METRICS_PORT (0 or empty: none). A container runs one of the two and nothing else listens
// there, so asking both ports and passing when either answers serves both kinds of container. Plain
// JavaScript, not the TypeScript sources: it runs every 15 s and must start fast.
const TIMEOUT_MS = 4000; // inside the HEALTHCHECK's --timeout (5 s), so the check ends by itself

const ports = [process.env.PORT || '3000', process.env.WORKER_METRICS_PORT].filter((port) => port && port !== '0');

async function healthy(port) {
  const response = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`answered ${response.status}`);
}

Promise.any(ports.map(healthy)).then(
  () => process.exit(0),
  (error) => {
    // Kept by Docker in the container's health log.
    const reasons = (error.errors ?? []).map((cause, i) => `port ${ports[i]}: ${cause.cause?.code ?? cause.message}`);
    console.error(`/healthz not answered (${reasons.join('; ') || 'no port to ask'})`);
    process.exit(1);
  },
);
