// bench:cluster, the overload side (forked by cluster-phases.mjs): GET requests at one node
// through nginx, either closed-loop (`concurrency` at a time, as fast as answered: what the node
// can carry) or open-loop at a fixed rate (a slow answer never delays the next request). Reports
// statuses, how many refusals carried Retry-After, and latency of the accepted (2xx) answers.
import { Agent, request } from 'node:http';
import { percentile } from './bench-kit.mjs';

const { port, host, path, token } = JSON.parse(process.argv[2]);
// Open loop means every request is on the wire when it is due: a small socket pool would queue
// them here, in the client, where the node can neither see nor shed them.
const agent = new Agent({ keepAlive: true, maxSockets: 8192 });
const now = () => performance.timeOrigin + performance.now();

function get() {
  return new Promise((resolve) => {
    const started = now();
    const req = request({ host: '127.0.0.1', port, path, agent, timeout: 15_000, headers: { host, authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, retryAfter: res.headers['retry-after'] !== undefined, ms: now() - started }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, retryAfter: false, ms: now() - started }));
    req.end();
  });
}

function tally(results, spanMs) {
  const statuses = {};
  let withRetryAfter = 0;
  const ok = [];
  for (const r of results) {
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    if ((r.status === 429 || r.status === 503) && r.retryAfter) withRetryAfter += 1;
    if (r.status >= 200 && r.status < 300) ok.push(r.ms);
  }
  const sorted = Float64Array.from(ok).sort();
  return {
    requests: results.length, statuses, refusedWithRetryAfter: withRetryAfter, acceptedPerSec: Math.round(ok.length / (spanMs / 1000)),
    acceptedP50Ms: percentile(sorted, 50), acceptedP99Ms: percentile(sorted, 99), acceptedMaxMs: percentile(sorted, 100),
  };
}

async function closed({ concurrency, durationMs }) {
  const results = [];
  const started = now();
  const end = started + durationMs;
  await Promise.all(Array.from({ length: concurrency }, async () => { while (now() < end) results.push(await get()); }));
  return tally(results, now() - started);
}

async function open({ rate, durationMs }) {
  const pending = [];
  const started = now();
  let sent = 0;
  while (now() - started < durationMs) {
    const due = Math.floor(((now() - started) / 1000) * rate);
    for (; sent < due; sent += 1) pending.push(get());
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const results = await Promise.all(pending);
  return { rate, ...tally(results, durationMs) };
}

process.on('message', (message) => {
  const job = message.type === 'closed' ? closed(message) : message.type === 'open' ? open(message) : undefined;
  void job?.then((result) => process.send({ type: message.type, ...result }));
});
process.send({ type: 'ready' });
