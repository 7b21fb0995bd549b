// `npm run bench:cluster`: a real cluster on this machine, measured beside one node in
// the same run. Starts nginx (deploy/nginx/bench.conf.template, unprivileged, own prefix), NODES
// server nodes on a fresh PostgreSQL database (created beside DATABASE_URL and dropped at the end)
// and the machine's Redis (own REDIS_PREFIX, its keys deleted at the end), imports a bench event
// (N attendees, one poll per vote phase) and logs everyone in, then runs the phases of
// BENCH_PHASES (sockets,votes,failover,overload; overload-direct on request) with the load clients in child processes and
// prints one JSON line per phase. Everything on loopback, bounded by BENCH_DEADLINE_MS; every
// process it started (process groups) is killed on exit, failure or signal. See docs/cluster.md.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Redis from 'ioredis';
import { ensureBuild } from '../scripts/ensure-build.mjs';
import { root, say, sleep } from './bench-kit.mjs';
import { startNginx, writeNginxConfig } from './cluster-nginx.mjs';
import { PHASES, call, login } from './cluster-phases.mjs';
import { benchDatabase, benchEventFile, benchPasswordHash, emailOf } from './votes-seed.mjs';
import { recordResult } from './results.mjs';

const env = process.env;
export const settings = {
  phases: (env.BENCH_PHASES ?? 'sockets,votes,failover,overload').split(',').map((s) => s.trim()).filter(Boolean),
  nodes: Number(env.BENCH_NODES ?? 2),
  sockets: Number(env.BENCH_SOCKETS ?? 20_000), // phase 1, through the cluster
  singleSockets: Number(env.BENCH_SINGLE_SOCKETS ?? 10_000), // phase 1, on one node
  voters: Number(env.N ?? env.BENCH_VOTERS ?? 10_000), // attendees: one vote each
  listeners: Number(env.BENCH_LISTENERS ?? env.N ?? env.BENCH_VOTERS ?? 10_000), // logged-in sockets in the vote phases (≤ voters)
  openBudgetMs: Number(env.BENCH_OPEN_BUDGET_MS ?? 120_000), // per client process and phase
  windowMs: Number(env.BENCH_VOTE_WINDOW_MS ?? 5000),
  clientProcesses: Number(env.BENCH_CLIENT_PROCESSES ?? 2),
  probes: Number(env.BENCH_PROBES ?? 8),
  probeIntervalMs: Number(env.BENCH_PROBE_INTERVAL_MS ?? 1000), // each probe's round measured alone
  presenceGraceMs: Number(env.BENCH_PRESENCE_GRACE_MS ?? 10_000),
  presenceRefreshMs: Number(env.BENCH_PRESENCE_REFRESH_MS ?? 3000),
  overloadMs: Number(env.BENCH_OVERLOAD_MS ?? 5000),
  deadlineMs: Number(env.BENCH_DEADLINE_MS ?? 330_000),
  // CPUs the nodes may run on (taskset's list, e.g. "0"): the overload phase can only overload a
  // node when the load clients and nginx have CPU of their own.
  nodeCpus: env.BENCH_NODE_CPUS,
};
const ADMIN_TOKEN = `bench-${process.pid}-${Date.now()}`;
const PASSWORD = 'bench-cluster-password';
const slug = `bench-cluster-${process.pid}`;
const children = new Set();
const round = (x, digits = 1) => (x === null || x === undefined || Number.isNaN(x) ? null : Number(x.toFixed(digits)));

/** Kills what the bench started: process groups of nodes and nginx, then forked clients. */
function stopAll() {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try { if (child.detachedGroup) process.kill(-child.pid, 'SIGKILL'); else child.kill('SIGKILL'); } catch { /* gone */ }
  }
}
const track = (child, group = true) => { child.detachedGroup = group; children.add(child); return child; };

let cleanup = async () => {};
const deadline = setTimeout(() => {
  say(`deadline of ${settings.deadlineMs} ms passed`);
  recordResult('cluster', { bench: 'cluster', incomplete: `deadline of ${settings.deadlineMs} ms passed`, loadAverage: loadavg().map((x) => round(x)) });
  stopAll();
  void cleanup().finally(() => process.exit(1));
}, settings.deadlineMs);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => { stopAll(); void cleanup().finally(() => process.exit(130)); });
process.on('exit', stopAll);

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => { const { port } = server.address(); server.close(() => resolve(port)); });
  });
}

/** One server node (`npm run serve`'s server.mjs, or BENCH_SERVER's: another build, for an A/B) in its own process group, at a fixed port. */
async function startNode(port, nodeEnv) {
  const child = track(spawn(process.execPath, [env.BENCH_SERVER ?? 'server.mjs'], { cwd: root, detached: true, env: { ...env, ...nodeEnv, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] }));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`node :${port} did not listen within 60 s`)), 60_000);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`node :${port} exited with ${code}`)); });
    createInterface({ input: child.stdout }).on('line', (line) => { if (line.includes('"listening"')) { clearTimeout(timer); resolve(); } });
  });
  // Every thread of the node (libuv's pool too) on the CPUs asked for.
  if (settings.nodeCpus) execFileSync('taskset', ['--all-tasks', '--pid', '--cpu-list', settings.nodeCpus, String(child.pid)], { stdio: 'ignore' });
  return { port, child, pid: child.pid };
}

async function main() {
  const limit = Number((await import('node:child_process')).execSync('ulimit -n', { shell: '/bin/sh', encoding: 'utf8' }).trim());
  const perProcess = Math.ceil(Math.max(settings.sockets, settings.voters) / settings.clientProcesses);
  if (perProcess + 500 > limit) throw new Error(`${perProcess} sockets per client process exceed ulimit -n ${limit}: raise BENCH_CLIENT_PROCESSES`);
  if (!env.DATABASE_URL) throw new Error('bench:cluster needs DATABASE_URL (PostgreSQL), e.g. postgres://postgres@127.0.0.1:5432/test');
  ensureBuild();
  const dir = mkdtempSync(join(tmpdir(), 'ep-bench-cluster-'));
  const database = await benchDatabase({ databaseUrl: env.DATABASE_URL, dataDir: dir, say });
  const redisUrl = env.REDIS_URL || 'redis://127.0.0.1:6379';
  const redisPrefix = `bench-cluster-${process.pid}:`;
  let eventId;
  cleanup = async () => {
    stopAll();
    await database.cleanup(eventId).catch((error) => say(`cleanup: ${error.message}`));
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 1000);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    } catch (error) { say(`redis cleanup: ${error.message}`); } finally { redis.disconnect(); }
    rmSync(dir, { recursive: true, force: true });
  };

  const nodePorts = await Promise.all(Array.from({ length: settings.nodes }, freePort));
  const [clusterPort, singlePort] = [await freePort(), await freePort()];
  const nodeEnv = {
    HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), DATABASE_URL: database.serverUrl, REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix,
    ADMIN_TOKEN, SEED_DEMO: '0', LOG_LEVEL: 'warn', TRUST_PROXY: '1', ASSET_SIGNING_KEY: `bench-${process.pid}-asset-key-0123456789abcdef`,
    REALTIME_ANONYMOUS_PER_ADDRESS: String(settings.sockets), PRESENCE_GRACE_MS: String(settings.presenceGraceMs), PRESENCE_REFRESH_MS: String(settings.presenceRefreshMs),
  };
  // The first node migrates the fresh database; the others start on it at once after.
  const nodes = [await startNode(nodePorts[0], nodeEnv)];
  nodes.push(...await Promise.all(nodePorts.slice(1).map((port) => startNode(port, nodeEnv))));
  writeNginxConfig({ prefix: join(dir, 'nginx'), clusterPort, singlePort, nodes: nodePorts });
  const nginx = await startNginx({ prefix: join(dir, 'nginx'), ports: [clusterPort, singlePort], track });
  say(`nginx :${clusterPort} (cluster of ${nodePorts.join(', ')}) and :${singlePort} (single ${nodePorts[0]}); ${database.kind} ${database.fresh ? 'fresh database' : ''}; redis prefix ${redisPrefix}`);

  const needLogins = settings.phases.some((p) => p === 'votes' || p === 'failover' || p.startsWith('overload'));
  const started = performance.now();
  const file = benchEventFile({ slug, attendees: settings.voters, passwordHash: benchPasswordHash(PASSWORD) });
  const [poll] = file.polls;
  file.polls = ['single', 'cluster', 'failover'].map((key) => ({ ...poll, key, accessKey: `${slug}-${key}`.slice(0, 80) }));
  const ctx = {
    settings, say, sleep, round, track, nodes, nginx, database, clusterPort, singlePort, slug, adminToken: ADMIN_TOKEN,
    hostOf: (port) => `${slug}.localhost:${port}`,
  };
  const answer = await call(nodes[0].port, 'POST', '/api/admin/events/import', `localhost:${nodes[0].port}`, file, { authorization: `Bearer ${ADMIN_TOKEN}` });
  if (answer.status !== 200) throw new Error(`import answered ${answer.status}: ${answer.text.slice(0, 500)}`);
  eventId = answer.json.eventId;
  ctx.eventId = eventId;
  ctx.polls = {};
  for (const key of ['single', 'cluster', 'failover']) {
    const [row] = await database.query('select id from polls where event_id = $1 and key = $2', [eventId, key]);
    const alternatives = (await database.query('select id from poll_alternatives where poll_id = $1 order by position, id', [row.id])).map((a) => Number(a.id));
    ctx.polls[key] = { id: Number(row.id), alternatives };
  }
  const importMs = Math.round(performance.now() - started);
  ctx.tokens = needLogins ? await login(ctx, settings.voters, emailOf, PASSWORD) : [];
  say(`seeded ${settings.voters} attendees in ${importMs} ms, logged in ${ctx.tokens.filter(Boolean).length} by ${Math.round(performance.now() - started)} ms`);

  for (const phase of settings.phases) {
    const run = PHASES[phase];
    if (!run) throw new Error(`unknown phase ${phase} (known: ${Object.keys(PHASES).join(', ')})`);
    const phaseStarted = performance.now();
    const result = await run(ctx);
    recordResult('cluster', { bench: 'cluster', phase, nodes: settings.nodes, ...result, phaseMs: Math.round(performance.now() - phaseStarted), loadAverage: loadavg().map((x) => round(x)) });
  }
}

main().then(async () => { clearTimeout(deadline); await cleanup(); process.exit(0); }, async (error) => {
  say(error.stack ?? String(error));
  clearTimeout(deadline);
  await cleanup();
  process.exit(1);
});
