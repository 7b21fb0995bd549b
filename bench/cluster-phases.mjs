// bench:cluster's phases, run by cluster.mjs in order; each returns the cluster's
// figures beside the single node's from the same run. `ctx` holds the nodes, nginx's two front
// ports (clusterPort: every node; singlePort: the first node only), the event and the tokens.
import { fork } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { failover, votes } from './cluster-votes.mjs';
import { overload, overloadDirect } from './cluster-overload.mjs';
import { expectedCounts, choiceOf, sessionCookieName } from './votes-seed.mjs';

const rootUrl = new URL('..', import.meta.url);
const split = (count, parts) => Array.from({ length: parts }, (_, k) => Array.from({ length: Math.ceil((count - k) / parts) }, (_, j) => k + j * parts));

/** HTTP with an explicit Host header (fetch forbids setting one); resolves { status, json, text, headers }. */
export function call(port, method, path, host, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk) => { text += chunk; });
      res.on('end', () => {
        let json;
        try { json = JSON.parse(text); } catch { json = undefined; }
        resolve({ status: res.statusCode, json, text, headers: res.headers });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

function forkHelper(ctx, file, options) {
  const child = ctx.track(fork(fileURLToPath(new URL(file, import.meta.url)), [JSON.stringify(options)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }), false);
  const next = (type) => new Promise((resolve, reject) => {
    const onMessage = (message) => { if (message.type === type) { child.off('message', onMessage); child.off('exit', onExit); resolve(message); } };
    const onExit = (code) => reject(new Error(`${file} exited with ${code} while waiting for ${type}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
  return { child, next, ready: next('ready'), ask: (message) => { const answer = next(message.type); child.send(message); return answer; } };
}

/** Logs every attendee in through the real password grant (through nginx), from two processes. */
export async function login(ctx, count, emailOf, password) {
  const slices = split(count, 2);
  const voters = slices.map(() => forkHelper(ctx, 'votes-voter.mjs', { port: ctx.clusterPort, host: ctx.hostOf(ctx.clusterPort), maxSockets: 32 }));
  await Promise.all(voters.map((v) => v.ready));
  const logins = await Promise.all(voters.map((v, k) => v.ask({ type: 'login', eventId: ctx.eventId, users: slices[k].map(emailOf), password, concurrency: 16 })));
  for (const v of voters) v.child.kill('SIGKILL');
  const tokens = new Array(count);
  logins.forEach((l, k) => slices[k].forEach((i, j) => { tokens[i] = l.tokens[j]; }));
  if (tokens.filter(Boolean).length < count) throw new Error(`not every attendee could log in: ${JSON.stringify(Object.assign({}, ...logins.map((l) => l.errors)))}`);
  return tokens;
}

/**
 * Socket clients through nginx's `port`: `count` sockets over the client processes (with session
 * cookies when `tokens`). `port` may be a list: client process k then connects straight to
 * `port[k % length]` (a node's own port, no proxy).
 */
async function openSockets(ctx, port, count, tokens) {
  const slices = split(count, ctx.settings.clientProcesses);
  const portOf = (k) => (Array.isArray(port) ? port[k % port.length] : port);
  const clients = slices.map((indices, k) => forkHelper(ctx, 'cluster-client.mjs', {
    url: `ws://127.0.0.1:${portOf(k)}/realtime`, host: ctx.hostOf(portOf(k)), cookieName: tokens ? sessionCookieName(rootUrl) : '',
    sockets: indices.length, sources: 4, sourceOffset: k * 4, openBudgetMs: ctx.settings.openBudgetMs,
  }));
  await Promise.all(clients.map((c) => c.ready));
  const opened = await Promise.all(clients.map((c, k) => c.ask({ type: 'open', cookies: tokens ? slices[k].map((i) => tokens[i]) : [] })));
  const byNode = merge(opened.map((o) => o.byNode));
  const statuses = merge(opened.map((o) => o.statuses));
  const summary = { connected: opened.reduce((s, o) => s + o.connected, 0), connectMs: Math.max(...opened.map((o) => o.connectMs)), byNode: nodeNames(ctx, byNode), statuses };
  ctx.say(`${summary.connected}/${count} sockets open through :${port} in ${summary.connectMs} ms ${JSON.stringify(summary.byNode)}`);
  return { clients, slices, opened, summary, close: () => { for (const c of clients) c.child.kill('SIGKILL'); } };
}

function merge(objects) {
  const out = {};
  for (const o of objects) for (const [k, v] of Object.entries(o ?? {})) out[k] = (out[k] ?? 0) + v;
  return out;
}

/** "127.0.0.1:port" → "A"/"B"… (the order of ctx.nodes). */
function nodeNames(ctx, byNode) {
  const out = {};
  for (const [addr, v] of Object.entries(byNode)) {
    const i = ctx.nodes.findIndex((n) => addr.endsWith(`:${n.port}`));
    // After a retry nginx lists every node it tried ("B, A"): the last one answered.
    const name = i === -1 ? addr || '?' : String.fromCharCode(65 + i);
    out[name] = typeof v === 'number' ? (out[name] ?? 0) + v : v;
  }
  return out;
}

/**
 * Phase 1 without the proxy: the same probes with every client process connected straight to a
 * node (half the sockets each), so the cross-node figure is the nodes' and Redis's alone, not
 * nginx's relaying of every frame on the same two cores.
 */
async function socketsDirect(ctx) {
  const { settings } = ctx;
  const single = await probeDelivery(ctx, [ctx.nodes[0].port], settings.singleSockets);
  const cluster = await probeDelivery(ctx, ctx.nodes.map((n) => n.port), settings.sockets);
  const crossNode = cluster.perNode.B ?? null;
  return {
    single, cluster, p99Ratio: ctx.round(cluster.p99Ms / single.p99Ms, 2),
    goal: { crossNodeP99Ms: 150, met: crossNode !== null && crossNode.p99Ms <= 150 && cluster.delivered === cluster.expected },
  };
}

const publishProbe = (ctx, node, seq) => call(node.port, 'POST', `/api/admin/events/${ctx.slug}/realtime-probe`, `localhost:${node.port}`, { seq, sentAt: performance.timeOrigin + performance.now() }, { authorization: `Bearer ${ctx.adminToken}` });

/** Probes published on node A (directly), spaced; delivery latency on every socket, per node. */
async function probeDelivery(ctx, port, count) {
  const sockets = await openSockets(ctx, port, count);
  await ctx.sleep(1500);
  const { probes, probeIntervalMs } = ctx.settings;
  const results = Promise.all(sockets.clients.map(async (c, k) => {
    const expecting = c.next('expecting');
    const result = c.next('expect');
    c.child.send({ type: 'expect', count: sockets.opened[k].connected * probes, timeoutMs: probes * probeIntervalMs + 30_000 }); // stragglers on a saturated machine still count
    await expecting;
    return result;
  }));
  await ctx.sleep(200);
  for (let seq = 1; seq <= probes; seq += 1) {
    const answer = await publishProbe(ctx, ctx.nodes[0], seq);
    if (answer.status !== 202) throw new Error(`realtime-probe answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    await ctx.sleep(probeIntervalMs);
  }
  const all = await results;
  sockets.close();
  const lists = {};
  for (const r of all) for (const [node, s] of Object.entries(r.perNode)) (lists[node] ??= []).push(s);
  // Percentiles per process, combined by the worst (a conservative merge) and weighted counts.
  const combine = (parts) => ({ delivered: parts.reduce((s, p) => s + p.count, 0), p50Ms: Math.max(...parts.map((p) => p.p50Ms)), p99Ms: Math.max(...parts.map((p) => p.p99Ms)), maxMs: Math.max(...parts.map((p) => p.maxMs)) });
  const delivered = all.reduce((s, r) => s + r.delivered, 0);
  return {
    ...sockets.summary, probes, expected: sockets.summary.connected * probes, delivered,
    ...combine(all.map((r) => ({ count: r.all.count, ...r.all }))),
    perNode: nodeNames(ctx, Object.fromEntries(Object.entries(lists).map(([node, parts]) => [node, combine(parts)]))),
  };
}

async function sockets(ctx) {
  const { settings } = ctx;
  const single = await probeDelivery(ctx, ctx.singlePort, settings.singleSockets);
  const cluster = await probeDelivery(ctx, ctx.clusterPort, settings.sockets);
  const crossNode = cluster.perNode.B ?? null;
  return {
    single, cluster,
    socketsRatio: ctx.round(cluster.connected / Math.max(1, single.connected), 2),
    p99Ratio: ctx.round(cluster.p99Ms / single.p99Ms, 2),
    goal: { socketsRatio: 1.8, crossNodeP99Ms: 150, met: cluster.connected >= 1.8 * single.connected && cluster.p99Ms <= single.p99Ms * 1.1 && crossNode !== null && crossNode.p99Ms <= 150 && cluster.delivered === cluster.expected },
  };
}

export { forkHelper, openSockets, split, merge, nodeNames, expectedCounts, choiceOf };
export const PHASES = { sockets, 'sockets-direct': socketsDirect, votes, failover, overload, 'overload-direct': overloadDirect };
