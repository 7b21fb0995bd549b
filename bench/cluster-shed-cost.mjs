// What one shed request costs the node (a shed must be cheap, or shedding eats
// the capacity it protects). Starts the built server alone (SQLite in a temp dir, MAX_IN_FLIGHT=1),
// holds one request in flight (headers sent, body withheld) so every other request is refused,
// then sends BENCH_SHED_REQUESTS GETs and as many small POSTs (a vote's size) over
// BENCH_SHED_CONNECTIONS keep-alive connections, closed loop. Prints one JSON line: the node's CPU
// per shed request (/proc: holds on a busy machine), connections the client had to open (a shed
// that closes its connection costs a new one per retry), statuses and client-side latency.
// Run: `npx node bench/cluster-shed-cost.mjs` (no PostgreSQL, Redis or nginx needed). BENCH_SERVER
// names another build's server.mjs (A/B against an older commit), BENCH_NODE_ARGS adds Node flags
// (e.g. `--cpu-prof --cpu-prof-dir=…`; the profile is written when the node exits).
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild } from '../scripts/ensure-build.mjs';
import { cpuMs, percentile, say, startProcess, stopAll } from './bench-kit.mjs';
import { recordResult } from './results.mjs';

const REQUESTS = Number(process.env.BENCH_SHED_REQUESTS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_SHED_CONNECTIONS ?? 64);
const BODY = JSON.stringify({ PollID: 1, QuestionType: 0, Alternatives: [1] });

function send(port, agent, method, opened) {
  return new Promise((resolve) => {
    const started = performance.now();
    const body = method === 'POST' ? BODY : '';
    const req = request({
      host: '127.0.0.1', port, path: method === 'POST' ? '/api/liveEvent/1/liveStorePollAnswer' : '/login', method, agent,
      headers: { host: 'shed.localhost', ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) },
    }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
    });
    req.on('socket', (socket) => { if (!opened.has(socket)) opened.add(socket); });
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

async function round(port, pid, method) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const opened = new Set();
  const results = [];
  let next = 0;
  const cpuBefore = cpuMs(pid);
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => {
    while (next < REQUESTS) {
      next += 1;
      results.push(await send(port, agent, method, opened));
    }
  }));
  const wallMs = performance.now() - started;
  const nodeCpuMs = cpuMs(pid) - cpuBefore;
  agent.destroy();
  const statuses = {};
  for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  const sorted = Float64Array.from(results.map((r) => r.ms)).sort();
  return {
    method, requests: results.length, statuses, connectionsOpened: opened.size, nodeCpuMs,
    nodeCpuPerShedUs: Math.round((nodeCpuMs * 1000) / Math.max(1, statuses[503] ?? 0)), perSec: Math.round(results.length / (wallMs / 1000)),
    p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99),
  };
}

async function main() {
  ensureBuild();
  const dir = mkdtempSync(join(tmpdir(), 'ep-shed-cost-'));
  try {
    const adminToken = `shed-cost-${process.pid}-0123456789`;
    const env = { ADMIN_TOKEN: adminToken, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir, DATABASE_URL: '', REDIS_URL: '', SEED_DEMO: '0', LOG_LEVEL: 'warn', MAX_IN_FLIGHT: '1', SHED_EVENT_LOOP_LAG_MS: '0' };
    const { child, port } = await startProcess([...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), process.env.BENCH_SERVER ?? 'server.mjs'], env);
    // The one request in flight: an import whose body never comes, so the node keeps it open.
    const held = request({ host: '127.0.0.1', port, path: '/api/admin/events/import', method: 'POST', headers: { host: 'localhost', authorization: `Bearer ${adminToken}`, 'content-type': 'application/json', 'content-length': 1000 } });
    held.on('error', () => undefined);
    held.flushHeaders();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const get = await round(port, child.pid, 'GET');
    const post = await round(port, child.pid, 'POST');
    recordResult('shed-cost', { bench: 'shed-cost', connections: CONNECTIONS, get, post, loadAverage: loadavg().map((x) => Number(x.toFixed(1))) });
    held.destroy();
    // SIGINT lets the node exit on its own (a --cpu-prof profile is written then); stopAll() after.
    child.kill('SIGINT');
    await new Promise((resolve) => { child.once('exit', resolve); setTimeout(resolve, 5000); });
  } finally {
    stopAll();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(() => process.exit(0), (error) => { say(error.stack ?? String(error)); stopAll(); process.exit(1); });
