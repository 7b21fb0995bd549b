// `npm run bench:realtime`: fan-out of the real /realtime hub beside a bare `ws` broadcast.
// Starts the built server (temp DATA_DIR, one bench event), opens N sockets from a second
// process, publishes probes through POST /api/admin/events/bench/realtime-probe and measures delivery
// latency to every socket, delivered messages/s and server RSS per socket; then the same
// against bench/baseline-server.mjs. Prints ONE JSON line. Loopback only; stops itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from '../scripts/ensure-build.mjs';
import { cpuMs, now, postWithHost, rssKb, say, sleep, startClient as forkClient, startProcess, stopAll } from './bench-kit.mjs';
import { recordResult } from './results.mjs';

const env = process.env;
const N = Number(env.N ?? env.BENCH_SOCKETS ?? 10_000);
const SPACED = Number(env.BENCH_MESSAGES ?? 20); // latency phase: one probe every INTERVAL_MS
const INTERVAL_MS = Number(env.BENCH_INTERVAL_MS ?? 250);
const BURST = Number(env.BENCH_BURST ?? 50); // throughput phase: probes back to back
const DEADLINE_MS = Number(env.BENCH_DEADLINE_MS ?? 300_000);
const TOKEN = `bench-${process.pid}`;

const deadline = setTimeout(() => { say(`deadline of ${DEADLINE_MS} ms passed`); stopAll(); process.exit(1); }, DEADLINE_MS);

function addBenchEvent(dataDir) {
  const db = new DatabaseSync(join(dataDir, 'eventplatform.sqlite'));
  const at = new Date().toISOString();
  db.prepare('insert into events (slug, name, start_date, end_date, updated_at) values (?, ?, ?, ?, ?)').run('bench', 'Bench', at, at, at);
  db.close();
}

/** One complete measurement against a server that publishes through `publish(seq, sentAt)`. */
async function measure(label, { pid, url, host, publish }) {
  await publish(0, now()); // warm the publish path before memory is read
  await sleep(500);
  const rssBefore = rssKb(pid);
  const client = forkClient(url, host, N);
  const ready = await client.ready;
  say(`${label}: ${ready.connected} sockets open in ${ready.connectMs} ms (${ready.failed} failed)`);
  await sleep(2000);
  const rssAfter = rssKb(pid);

  const spaced = await client.expect(ready.connected * SPACED, SPACED * INTERVAL_MS + 15_000);
  for (let seq = 1; seq <= SPACED; seq += 1) {
    await publish(seq, now());
    await sleep(INTERVAL_MS);
  }
  const latency = await spaced.result;

  const burst = await client.expect(ready.connected * BURST, 60_000);
  const burstStart = now();
  const cpuBefore = cpuMs(pid);
  let answer;
  for (let seq = 1; seq <= BURST; seq += 1) answer = await publish(1000 + seq, now());
  const throughput = await burst.result;
  const cpuBurst = cpuMs(pid) - cpuBefore;
  client.child.kill('SIGKILL');
  say(`${label}: spaced p99 ${latency.p99Ms} ms, burst ${throughput.delivered} in ${Math.round(throughput.lastAt - burstStart)} ms`);
  return {
    sockets: ready.connected,
    // Sockets the server still had when the last probe went out (heartbeat drops show here).
    socketsAtEnd: answer?.connections,
    connectMs: ready.connectMs,
    p50Ms: latency.p50Ms,
    p99Ms: latency.p99Ms,
    maxMs: latency.maxMs,
    delivered: latency.delivered,
    expected: latency.expected,
    deliveredPerSec: Math.round(throughput.delivered / ((throughput.lastAt - burstStart) / 1000)),
    burstP99Ms: throughput.p99Ms,
    // Server CPU per delivered message: the figure that holds when other work shares the cores.
    serverCpuUsPerDelivery: Number(((cpuBurst * 1000) / throughput.delivered).toFixed(2)),
    burstDelivered: throughput.delivered,
    rssPerSocketKB: Number(((rssAfter - rssBefore) / ready.connected).toFixed(2)),
    rssBeforeMB: Math.round(rssBefore / 1024),
    rssAfterMB: Math.round(rssAfter / 1024),
  };
}

async function main() {
  ensureBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'ep-bench-'));
  try {
    // The bench's N anonymous sockets come from 8 loopback addresses: lift the per-address cap.
    const hubEnv = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_TOKEN: TOKEN, SEED_DEMO: '0', LOG_LEVEL: 'warn', REDIS_URL: '', DATABASE_URL: '', REALTIME_ANONYMOUS_PER_ADDRESS: String(N) };
    const hub = await startProcess(['server.mjs'], hubEnv);
    addBenchEvent(dataDir);
    const host = `bench.localhost:${hub.port}`;
    const hubResult = await measure('hub', {
      pid: hub.child.pid, url: `ws://127.0.0.1:${hub.port}/realtime`, host,
      // fetch refuses a Host header; the event guard reads it, so send through node:http.
      publish: (seq, sentAt) => postWithHost(hub.port, '/api/admin/events/bench/realtime-probe', `localhost:${hub.port}`, JSON.stringify({ seq, sentAt }), { authorization: `Bearer ${TOKEN}` }),
    });
    hub.child.kill('SIGTERM');

    const base = await startProcess([fileURLToPath(new URL('baseline-server.mjs', import.meta.url))], {});
    const baseResult = await measure('baseline', {
      pid: base.child.pid, url: `ws://127.0.0.1:${base.port}/realtime`, host: `127.0.0.1:${base.port}`,
      publish: (seq, sentAt) => postWithHost(base.port, '/publish', `127.0.0.1:${base.port}`, JSON.stringify({ type: 'event', name: 'realtime-probe', data: { seq, sentAt } }), {}),
    });
    base.child.kill('SIGTERM');

    const ratio = (key) => Number((hubResult[key] / baseResult[key]).toFixed(2));
    recordResult('realtime-fanout', {
      bench: 'realtime-fanout', sockets: N, spacedMessages: SPACED, intervalMs: INTERVAL_MS, burstMessages: BURST,
      hub: hubResult, baseline: baseResult,
      ratio: { p50: ratio('p50Ms'), p99: ratio('p99Ms'), deliveredPerSec: ratio('deliveredPerSec'), rssPerSocket: ratio('rssPerSocketKB'), serverCpuPerDelivery: ratio('serverCpuUsPerDelivery') },
      goal: { p99Ms: 150, rssPerSocketKB: 8, met: hubResult.p99Ms <= 150 && hubResult.rssPerSocketKB <= 8 && hubResult.delivered === hubResult.expected },
    });
  } finally {
    stopAll();
    clearTimeout(deadline);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => { say(error.stack ?? String(error)); stopAll(); process.exit(1); });
