// The benchmark's socket side, in its own process (forked by realtime-fanout.mjs): opens N
// sockets, then records for every probe frame received how long after its `sentAt` it arrived.
// Talks to the parent over IPC: 'ready' once all are open, then a 'result' per 'expect'.
import WebSocket from 'ws';

const { url, host, sockets, concurrency = 256, sources = 8 } = JSON.parse(process.argv[2]);
const now = () => performance.timeOrigin + performance.now();

let expected = 0;
let latencies = [];
let firstAt = 0;
let lastAt = 0;
let finish;

function onMessage(data) {
  const frame = JSON.parse(data);
  if (frame.type !== 'event') return;
  const at = now();
  if (latencies.length === 0) firstAt = at;
  lastAt = at;
  latencies.push(at - frame.data.sentAt);
  if (latencies.length >= expected) finish?.();
}

function open(index) {
  return new Promise((resolve) => {
    // Several source addresses so ephemeral ports never run short across both runs.
    const localAddress = `127.0.0.${2 + (index % sources)}`;
    const ws = new WebSocket(url, { headers: { host }, localAddress, perMessageDeflate: false });
    ws.on('message', onMessage);
    ws.once('open', () => resolve(true));
    ws.once('error', () => resolve(false));
  });
}

async function connectAll() {
  let next = 0;
  let failed = 0;
  const started = now();
  async function worker() {
    while (next < sockets) {
      const index = next++;
      if (!(await open(index))) failed += 1;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { connected: sockets - failed, failed, connectMs: Math.round(now() - started) };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(2));
}

process.on('message', (message) => {
  if (message.type !== 'expect') return;
  expected = message.count;
  latencies = [];
  const done = new Promise((resolve) => { finish = resolve; });
  const timeout = new Promise((resolve) => setTimeout(resolve, message.timeoutMs));
  void Promise.race([done, timeout]).then(() => {
    finish = undefined;
    const sorted = Float64Array.from(latencies).sort();
    process.send({
      type: 'result', delivered: latencies.length, expected,
      p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), maxMs: percentile(sorted, 100),
      spanMs: lastAt - firstAt, lastAt,
    });
  });
  process.send({ type: 'expecting' });
});

const summary = await connectAll();
process.send({ type: 'ready', ...summary });
