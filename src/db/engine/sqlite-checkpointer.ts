// WAL checkpoints of a long-running SQLite process, off the request path. SQLite checkpoints
// automatically in the connection whose commit crosses wal_autocheckpoint pages: that commit then
// copies a thousand pages into the database file and syncs it, on the event loop, while every
// request waits (at a million testers, a signup's commit took 1.7 ms with it, 0.6 ms without). A worker thread with
// its own connection checkpoints instead, on the other core; SQLite lets a checkpoint run beside
// the writer. The API connection keeps a far larger automatic threshold as a backstop, should the
// thread fall behind.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the thread copies what the WAL gained into the database file. */
const CHECKPOINT_INTERVAL_MS = 200;
/** The API connection's own checkpoint threshold with the thread running (pages; SQLite's default is 1000). */
export const BACKSTOP_AUTOCHECKPOINT_PAGES = 20_000;

// Plain CommonJS run by the thread: no TypeScript loader is needed there. PASSIVE never waits for
// readers or the writer; it copies what it can and the next round does the rest.
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.betterSqlite3);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 0');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: the next round tries again */ }
}, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.postMessage('closed');
});
`;

export interface Checkpointer {
  /** Stops the thread after its current checkpoint and closes its connection. */
  stop(): Promise<void>;
}

export function startCheckpointer(file: string, options: { intervalMs?: number } = {}): Checkpointer {
  const betterSqlite3 = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(THREAD, {
    eval: true,
    workerData: { file, betterSqlite3, intervalMs: options.intervalMs ?? CHECKPOINT_INTERVAL_MS },
  });
  // A failing thread costs only speed: the backstop threshold still checkpoints in the API connection.
  worker.on('error', () => {});
  worker.unref();
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => void worker.terminate().then(() => resolve());
        worker.once('message', done);
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
      }),
  };
}
