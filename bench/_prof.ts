// temporary: profile create spread at 1M
import { spawn } from 'node:child_process';
import { startProjectServer, waitUntilAnswering, freePort, children, cpuMicrosecondsOf } from './server-process.ts';
import { loadWindow } from './load-window.ts';
const key = process.env.KEY!, betaId = 1, url = process.env.DB!;
const webhooks = process.env.HOOKS !== '0';
const RECEIVER = `require('node:http').createServer((q, r) => { q.resume(); q.on('end', () => r.writeHead(204).end()); }).listen(Number(process.env.PORT), '127.0.0.1');`;
const port = await freePort(), rport = await freePort();
const server = startProjectServer({ databaseUrl: url, port, nodeFlags: process.env.PROF ? ["--cpu-prof", "--cpu-prof-dir=/tmp/pb/prof"] : process.env.SQLT ? ["--import", "/tmp/pb/sqltime.mjs"] : [] });
const receiver = spawn(process.execPath, ['-e', RECEIVER], { stdio: 'ignore', env: { ...process.env, PORT: String(rport) } });
children.push(receiver);
const api = `http://127.0.0.1:${port}`;
await waitUntilAnswering(`${api}/healthz`, server);
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
const beta = `/api/v2/betas/${betaId}`;
let hookId: number | null = null;
if (webhooks) {
  const w = await fetch(`${api}${beta}/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: `http://127.0.0.1:${rport}/hook` }) });
  hookId = ((await w.json()) as { id: number }).id;
}
const list = await (await fetch(`${api}${beta}/testers?per_page=100`, { headers })).json() as { referral_code: string }[];
let n = 0; const run = `${process.pid}`;
for (const mode of (process.env.MODES ?? 'create').split(',')) {
  const hot = list[0].referral_code;
  const cpu0 = cpuMicrosecondsOf(server.pid!);
  const r = await loadWindow({ url: api, connections: 50, seconds: Number(process.env.SECS ?? 15), headers, request: () => mode === 'show'
    ? { method: 'GET', path: `${beta}/testers/${1 + Math.floor(Math.random() * 900000)}` }
    : { method: 'POST', path: `${beta}/testers`, body: JSON.stringify({ tester: { email: `p-${run}-${n++}@example.com`, referrer_id: mode === 'hot' ? hot : list[Math.floor(Math.random() * list.length)].referral_code } }) } });
  const cpu1 = cpuMicrosecondsOf(server.pid!);
  console.log(mode, Math.round(r.rps), 'rps p99', r.p99, 'cpu µs/req', Math.round((cpu1 - cpu0) / r.requests), 'non2xx', r.non2xx);
}
if (hookId) await fetch(`${api}${beta}/webhooks/${hookId}`, { method: 'DELETE', headers: { authorization: headers.authorization } });
server.kill('SIGTERM'); receiver.kill();
await new Promise((r) => server.on('exit', r));
