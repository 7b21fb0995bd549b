// The load side of bench/http.mjs, in its own process: `connections` keep-alive connections,
// each sending the next GET as soon as the previous answer has been read (closed loop), for
// `durationMs` after `warmupMs`. Answers one JSON line: requests, req/s, p50/p99/max latency, non-2xx count,
// bytes per answer. Bounded in time; loopback only.
import { Agent, request } from 'node:http';

const { port, host, path, headers = {}, connections, durationMs, warmupMs = 0 } = JSON.parse(process.argv[2]);
const agent = new Agent({ keepAlive: true, maxSockets: connections });
const now = () => performance.now();

const inFlight = new Set();

function get() {
  return new Promise((resolve) => {
    const started = now();
    let settled = false;
    const settle = (answer) => {
      if (settled) return;
      settled = true;
      inFlight.delete(req);
      resolve({ ms: now() - started, ...answer });
    };
    const req = request({ host: '127.0.0.1', port, path, agent, headers: { host, ...headers } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => { bytes += chunk.length; });
      res.on('end', () => settle({ status: res.statusCode, bytes }));
      res.on('error', () => {});
      res.on('close', () => settle({ status: 0, bytes: 0, error: 'closed before the end' }));
    });
    inFlight.add(req);
    req.on('error', (error) => settle({ status: 0, bytes: 0, error: error.message }));
    req.on('close', () => settle({ status: 0, bytes: 0, error: 'closed' }));
    req.end();
  });
}

/**
 * One closed loop: warm-up, then the measured window (answers that complete inside it count,
 * whenever they were sent, so a slow path is measured in its steady state), then the answers
 * still on their way are waited for (up to DRAIN_MS, then abandoned), so the server carries no
 * backlog into the next path.
 */
const DRAIN_MS = 15_000;
const latencies = [];
let non2xx = 0;
let errors = 0;
let bytes = 0;
const errorMessages = new Set();
const statuses = {};
// The window opens once the warm-up has passed AND every connection has had an answer (a slow path
// answers its first requests only after a whole round of 32), but at most WARMUP_CAP_MS in.
const WARMUP_CAP_MS = 15_000;
const started = now();
let from = Infinity;
let until = Infinity;
let warmed = 0;
let total = 0;
function record(answer) {
  total += 1;
  const at = now();
  if (at < from || at > until) return;
  latencies.push(answer.ms);
  bytes += answer.bytes;
  statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  if (answer.status === 0) { errors += 1; errorMessages.add(answer.error); }
  else if (answer.status < 200 || answer.status > 299) non2xx += 1;
}
function open() {
  if (from !== Infinity) return;
  from = now();
  until = from + durationMs;
}
const warmupTimer = setTimeout(() => { if (warmed >= connections) open(); }, warmupMs);
const capTimer = setTimeout(open, WARMUP_CAP_MS);
const drained = Promise.all(Array.from({ length: connections }, async () => {
  let first = true;
  while (now() < until) {
    const answer = await get();
    record(answer);
    if (first) {
      first = false;
      warmed += 1;
      if (warmed >= connections && now() - started >= warmupMs) open();
    }
  }
}));
let timer;
const cut = new Promise((resolve) => {
  const check = () => (now() > until + DRAIN_MS ? resolve() : (timer = setTimeout(check, 200)));
  check();
});
await Promise.race([drained, cut]);
clearTimeout(timer);
clearTimeout(warmupTimer);
clearTimeout(capTimer);
for (const req of inFlight) req.destroy();

latencies.sort((a, b) => a - b);
const at = (p) => (latencies.length ? Number(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(2)) : null);
agent.destroy();
process.stdout.write(JSON.stringify({
  requests: latencies.length, answers: total, reqPerSec: Number(((latencies.length / durationMs) * 1000).toFixed(1)),
  p50Ms: at(0.5), p99Ms: at(0.99), maxMs: at(1), non2xx, errors, errorMessages: [...errorMessages].slice(0, 3), statuses,
  bytesPerAnswer: latencies.length ? Math.round(bytes / latencies.length) : 0,
}) + '\n');
