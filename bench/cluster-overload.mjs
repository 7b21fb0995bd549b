// bench:cluster's overload phases: a closed loop measures what node A carries
// (GET of a poll tally), then an open loop sends twice that for BENCH_OVERLOAD_MS. `overload`
// goes through nginx's single-node port, `overload-direct` to node A's own port, so the node's
// figure can be told from the proxy's. Beside the client's view: the node's own request-duration
// histogram (nodeSide), its shed counts by reason and its CPU per answer (/proc, which holds on a
// busy machine where wall-clock figures do not).
import { call, forkHelper, merge } from './cluster-phases.mjs';
import { cpuMs, percentile } from './bench-kit.mjs';

const tallyPath = (ctx) => `/api/liveEvent/${ctx.eventId}/liveGetPoll/${ctx.polls.single.id}/0`;

/** Node A's /metrics (loopback): cumulative request-duration buckets of the application routes, and shed counts by reason. */
export async function readNode(port) {
  const answer = await call(port, 'GET', '/metrics', `localhost:${port}`).catch(() => ({ status: 0, text: '' }));
  const buckets = new Map();
  const waits = new Map();
  const shed = {};
  for (const line of answer.text.split('\n')) {
    const waitMatch = /^ep_http_request_wait_seconds_bucket\{le="([^"]+)"\} (\d+)/.exec(line);
    if (waitMatch) waits.set(waitMatch[1], Number(waitMatch[2]));
    const shedMatch = /^ep_http_shed_total\{reason="([^"]+)"\} (\d+)/.exec(line);
    if (shedMatch) shed[shedMatch[1]] = Number(shedMatch[2]);
    const match = /^ep_http_request_duration_seconds_bucket\{(.*)\} (\d+)/.exec(line);
    if (!match || /route="\/(healthz|readyz|metrics)"/.test(match[1])) continue;
    const le = /le="([^"]+)"/.exec(match[1])?.[1];
    if (le) buckets.set(le, (buckets.get(le) ?? 0) + Number(match[2]));
  }
  return { buckets, waits, shed };
}

/** From two histogram readings: answers in between, and the bucket bound (ms) holding the 50th and 99th percentile of them. */
function durationsBetween(before, after) {
  const bounds = [...after.keys()].sort((a, b) => (a === '+Inf' ? 1 : b === '+Inf' ? -1 : Number(a) - Number(b)));
  const delta = bounds.map((le) => ({ le, count: (after.get(le) ?? 0) - (before.get(le) ?? 0) }));
  const total = delta.at(-1)?.count ?? 0;
  const bound = (q) => {
    const hit = delta.find((d) => d.count >= q * total);
    return hit ? (hit.le === '+Inf' ? null : Number(hit.le) * 1000) : null;
  };
  return { answered: total, p50AtMostMs: bound(0.5), p99AtMostMs: bound(0.99) };
}

/** Counts in `after` grown since `before`, only those that grew. */
export const difference = (after, before) => Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)]).filter(([, v]) => v > 0));

async function overloadThrough(ctx, port, host) {
  const { settings } = ctx;
  const node = ctx.nodes[0];
  const load = forkHelper(ctx, 'cluster-load.mjs', { port, host, path: tallyPath(ctx), token: ctx.tokens[0] });
  await load.ready;
  const cpuBeforeCapacity = cpuMs(node.pid);
  const capacity = await load.ask({ type: 'closed', concurrency: 32, durationMs: 3000 });
  const capacityCpuMs = cpuMs(node.pid) - cpuBeforeCapacity;
  const rate = Math.max(50, 2 * capacity.acceptedPerSec);
  const health = [];
  const busy = []; // node A's event-loop utilisation, read with each probe
  let probing = true;
  const healthLoop = (async () => {
    while (probing) {
      const started = performance.now();
      const answer = await call(node.port, 'GET', '/healthz', `localhost:${node.port}`).catch(() => ({ status: 0 }));
      health.push({ status: answer.status, ms: performance.now() - started });
      const metrics = await call(node.port, 'GET', '/metrics', `localhost:${node.port}`).catch(() => ({ text: '' }));
      const utilisation = /^ep_event_loop_utilization (\S+)/m.exec(metrics.text ?? '');
      if (utilisation) busy.push(Number(utilisation[1]));
      await ctx.sleep(250);
    }
  })();
  const before = await readNode(node.port);
  const cpuBefore = cpuMs(node.pid);
  const overloaded = await load.ask({ type: 'open', rate, durationMs: settings.overloadMs });
  const cpuDuring = cpuMs(node.pid) - cpuBefore;
  const after = await readNode(node.port);
  probing = false;
  await healthLoop;
  load.child.kill('SIGKILL');
  const healthMs = Float64Array.from(health.map((h) => h.ms)).sort();
  const alive = node.child.exitCode === null && node.child.signalCode === null;
  const healthzAfter = await call(node.port, 'GET', '/healthz', `localhost:${node.port}`).catch(() => ({ status: 0 }));
  const shed = (overloaded.statuses[429] ?? 0) + (overloaded.statuses[503] ?? 0);
  const accepted = overloaded.statuses[200] ?? 0;
  const perAnswerMs = capacityCpuMs / Math.max(1, capacity.requests);
  return {
    single: { capacityPerSec: capacity.acceptedPerSec, p50Ms: capacity.acceptedP50Ms, p99Ms: capacity.acceptedP99Ms, statuses: capacity.statuses },
    overload: { ...overloaded, shed },
    // Where an accepted request waits: inside the node (from its arrival to its last byte) or before it.
    nodeSide: {
      ...durationsBetween(before.buckets, after.buckets), shedByReason: difference(after.shed, before.shed),
      // Through nginx: how long requests (accepted and shed) waited before the node read them (X-Request-Start).
      ...(after.waits.size ? { waitedBeforeRead: durationsBetween(before.waits, after.waits) } : {}),
    },
    // CPU of node A: per answer at capacity, and what is left per shed request at 2× (the shed's cost).
    nodeCpu: {
      perAnswerMs: ctx.round(perAnswerMs, 3), overloadMs: cpuDuring,
      perShedMs: shed ? ctx.round(Math.max(0, cpuDuring - accepted * perAnswerMs) / shed, 3) : null,
    },
    eventLoopUtilisation: busy.length ? { samples: busy.length, min: ctx.round(Math.min(...busy), 2), median: ctx.round(percentile(Float64Array.from(busy).sort(), 50), 2), max: ctx.round(Math.max(...busy), 2) } : null,
    healthz: { probes: health.length, statuses: merge(health.map((h) => ({ [h.status]: 1 }))), p99Ms: percentile(healthMs, 99), maxMs: percentile(healthMs, 100) },
    nodeAlive: alive, healthzAfter: healthzAfter.status,
    ...(shed === 0 ? { note: 'no 429/503 seen: the node never judged itself overloaded (MAX_IN_FLIGHT, SHED_EVENT_LOOP_LAG_MS, SHED_QUEUE_MS)' } : {}),
    goal: { acceptedP99Ms: 1000, met: shed > 0 && overloaded.refusedWithRetryAfter === shed && overloaded.acceptedP99Ms !== null && overloaded.acceptedP99Ms < 1000 && !overloaded.statuses[500] && alive && healthzAfter.status === 200 },
  };
}

/** Node A at 2× its capacity through nginx (the single-node port). */
export const overload = (ctx) => overloadThrough(ctx, ctx.singlePort, ctx.hostOf(ctx.singlePort));

/** The same at node A's own port: no proxy in the path. */
export const overloadDirect = (ctx) => overloadThrough(ctx, ctx.nodes[0].port, ctx.hostOf(ctx.nodes[0].port));
