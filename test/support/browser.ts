// Headless Chromium for the browser tests and the screenshot script, driven by playwright-core
// (no bundled browser download): the system's Chromium, with the flags a machine without an open
// network needs (no QUIC, updates, sync or background requests that would hang on it).
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** User agents of real browsers: the service does not count HeadlessChrome's (a bot) as a visitor. */
export const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
export const PHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
export const DESKTOP_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:126.0) Gecko/20100101 Firefox/126.0';

/**
 * Launches Chromium; fails (never skips) when it is not installed, since CI installs it (.ci/run).
 * `localHosts` are names it resolves to 127.0.0.1: a page opened at one is treated as any plain-HTTP
 * site is, where 127.0.0.1 itself counts as secure (no upgrade to https, for one).
 */
export async function launchBrowser(options: { localHosts?: string[] } = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM_PATH}: the browser tests need it (apt-get install chromium; .ci/run installs it)`);
  }
  const hosts = options.localHosts ?? [];
  const args = hosts.length > 0 ? [...FLAGS, `--host-resolver-rules=${hosts.map((host) => `MAP ${host} 127.0.0.1`).join(',')}`] : FLAGS;
  return chromium.launch({ executablePath: CHROMIUM_PATH, args, timeout: 60_000 });
}

/** A site of another origin (another port) whose page carries the embeddable form of a beta. */
export interface ForeignSite {
  /** The page with the embed, e.g. http://127.0.0.1:PORT/ */
  url: string;
  close(): Promise<void>;
}

export async function serveForeignSite(appOrigin: string, beta: string | number): Promise<ForeignSite> {
  const page = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Rocket — a site of its own</title>
<style>body{margin:0;font:18px/1.6 Georgia,serif;background:#fffbeb;color:#422006}header{padding:24px;background:#422006;color:#fffbeb}section{padding:24px;max-width:720px;margin:0 auto}</style></head>
<body><header><strong>Rocket</strong> — the product's own site</header>
<section><h1>Be first on board</h1><p>Leave your address and we let you know.</p>
<script src="${appOrigin}/embed.js" data-beta="${beta}"></script>
</section></body></html>`;
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
