// bench:cluster, the attendee side (forked by cluster.mjs, several at once: one process holds at
// most ~10,000 sockets under the 20,000 descriptor limit). Opens one /realtime socket per attendee
// through nginx (with the attendee's session cookie when given), notes which node nginx chose
// (the bench config's X-Upstream header), and records:
// - probe delivery latency (frames with "sentAt"), per node;
// - poll-change tallies per socket, as votes-listener.mjs does;
// - drops and reconnects: a socket that closes tries again after reconnectDelay() (the browser's
//   backoff with full jitter, src/lib/reconnect-backoff.ts), counts refused handshakes by status,
//   and after reconnecting fetches the poll's tally as an island does on reconnect.
// The same minimal raw-TCP WebSocket client as fanout-client.mjs (cheaper than the server).
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { reconnectDelay } from '../src/lib/reconnect-backoff.ts';
import { sendWhileRefused } from '../src/lib/shed-retry.ts';
import { percentile } from './bench-kit.mjs';

const { url, host, cookieName = '', sockets, concurrency = 128, sources = 4, sourceOffset = 0, handshakeTimeoutMs = 30_000, openBudgetMs = 120_000 } = JSON.parse(process.argv[2]);
const { hostname, port, pathname } = new URL(url);
const now = () => performance.timeOrigin + performance.now();
const SENT_AT = Buffer.from('"sentAt":');
const POLL_CHANGE = Buffer.from('"name":"poll-change"');
const agent = new Agent({ keepAlive: true, maxSockets: 16 });

let cookies = [];
let refetchPath = ''; // GET path of the poll whose tally a reconnected socket reads
let reconnecting = true;
const conns = new Array(sockets); // the live socket per attendee (or undefined)
const nodeOf = new Array(sockets).fill(''); // upstream address of the current socket
const lastTotal = new Int32Array(sockets).fill(-1);
const heldSince = new Float64Array(sockets);
let probes = null; // { expected, byNode: Map<node, number[]>, count, finish }
let droppedAt = new Float64Array(sockets);
const reopenedAt = new Float64Array(sockets);
let reconnects = null; // { durations: [], attempts, statuses: {}, firstAt, lastAt, dropped, refetched, refetchFailed }
let stayAwayEvery = 0; // every k-th attendee whose socket drops does not come back (0: all do)
const resetReconnects = () => { reconnects = { durations: [], attempts: 0, statuses: {}, dropped: 0, leftForGood: 0, firstDropAt: 0, lastDoneAt: 0, refetched: 0, refetchFailed: 0, refetchShed: 0 }; };
resetReconnects();

function onText(index, payload, at) {
  const sent = payload.indexOf(SENT_AT);
  if (sent !== -1 && probes) {
    const latency = at - Number.parseFloat(payload.toString('latin1', sent + SENT_AT.length, payload.length));
    let list = probes.byNode.get(nodeOf[index]);
    if (!list) probes.byNode.set(nodeOf[index], (list = []));
    list.push(latency);
    if (++probes.count >= probes.expected) probes.finish();
    return;
  }
  if (payload.indexOf(POLL_CHANGE) === -1) return;
  const { data } = JSON.parse(payload.toString('utf8'));
  hold(index, typeof data?.allVoteCount === 'number' ? data.allVoteCount : (data?.counts ?? []).reduce((s, c) => s + c.count, 0), at);
}

function hold(index, total, at) {
  if (total !== lastTotal[index]) { lastTotal[index] = total; heldSince[index] = at; }
}

function pong(socket, payload) {
  const mask = randomBytes(4);
  const frame = Buffer.alloc(6 + payload.length);
  frame[0] = 0x8a;
  frame[1] = 0x80 | payload.length;
  mask.copy(frame, 2);
  for (let i = 0; i < payload.length; i += 1) frame[6 + i] = payload[i] ^ mask[i & 3];
  socket.write(frame);
}

function onFrames(socket, index, chunk) {
  const at = now();
  let buf = socket.partialFrame ? Buffer.concat([socket.partialFrame, chunk]) : chunk;
  socket.partialFrame = undefined;
  let i = 0;
  while (buf.length - i >= 2) {
    const opcode = buf[i] & 0x0f;
    let length = buf[i + 1] & 0x7f;
    let offset = 2;
    if (length === 126) { if (buf.length - i < 4) break; length = buf.readUInt16BE(i + 2); offset = 4; }
    else if (length === 127) { if (buf.length - i < 10) break; length = Number(buf.readBigUInt64BE(i + 2)); offset = 10; }
    if (buf.length - i < offset + length) break;
    const payload = buf.subarray(i + offset, i + offset + length);
    if (opcode === 1) onText(index, payload, at);
    else if (opcode === 9) pong(socket, payload);
    i += offset + length;
  }
  if (i < buf.length) socket.partialFrame = buf.subarray(i);
}

/** One handshake; resolves the HTTP status (101 when open, 0 when the connection failed). */
function open(index) {
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress: `127.0.0.${2 + sourceOffset + (index % sources)}` });
    socket.setNoDelay(true);
    let head = Buffer.alloc(0);
    let opened = false;
    const onHandshake = (chunk) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) return;
      socket.off('data', onHandshake);
      const text = head.subarray(0, end).toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      if (status !== 101) { socket.destroy(); return resolve(status); }
      opened = true;
      conns[index] = socket;
      nodeOf[index] = /\r\nx-upstream: ([^\r]+)/i.exec(text)?.[1] ?? `${hostname}:${port}`;
      socket.on('data', (data) => onFrames(socket, index, data));
      if (end + 4 < head.length) onFrames(socket, index, head.subarray(end + 4));
      resolve(101);
    };
    socket.on('data', onHandshake);
    // A handshake the node does not answer in time counts as refused ('timeout'), as a browser's
    // connectionTimeout would.
    const timer = setTimeout(() => { if (!opened) { socket.destroy(); resolve('timeout'); } }, handshakeTimeoutMs);
    socket.once('data', () => clearTimeout(timer));
    socket.once('error', () => { clearTimeout(timer); if (!opened) resolve(0); });
    socket.once('close', () => {
      if (!opened) return resolve(0);
      if (conns[index] === socket) { conns[index] = undefined; nodeOf[index] = ''; }
      if (reconnecting) void reconnect(index);
    });
    const cookie = cookieName && cookies[index] ? `Cookie: ${cookieName}=${encodeURIComponent(cookies[index])}\r\n` : '';
    socket.write(`GET ${pathname} HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n${cookie}`
      + `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  });
}

/** What a browser tab does when its socket drops: wait (jittered, growing), try, repeat; then refetch. */
async function reconnect(index) {
  const dropAt = now();
  droppedAt[index] = dropAt;
  // An attendee who closed the laptop: never back, so presence must drop them after the grace.
  if (stayAwayEvery && index % stayAwayEvery === 0) { reconnects.leftForGood += 1; return; }
  reconnects.dropped += 1;
  if (!reconnects.firstDropAt) reconnects.firstDropAt = dropAt;
  for (let attempt = 1; reconnecting; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, reconnectDelay(attempt)));
    if (!reconnecting) return;
    reconnects.attempts += 1;
    const status = await open(index);
    reconnects.statuses[status] = (reconnects.statuses[status] ?? 0) + 1;
    if (status === 101) break;
  }
  const at = now();
  reopenedAt[index] = at;
  reconnects.durations.push(at - dropAt);
  reconnects.lastDoneAt = Math.max(reconnects.lastDoneAt, at);
  if (refetchPath && cookies[index]) await refetch(index);
}

/** One GET of the tally: its status and JSON (null when none came). */
function getTally(index) {
  return new Promise((resolve) => {
    const req = request({ host: hostname, port: Number(port), path: refetchPath, agent, headers: { host, authorization: `Bearer ${cookies[index]}` } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk) => { text += chunk; });
      res.on('end', () => {
        let json = null;
        try { json = JSON.parse(text); } catch { /* not JSON */ }
        resolve({ status: res.statusCode, retryAfter: res.headers['retry-after'], json });
      });
    });
    req.on('error', () => resolve({ status: 0, json: null }));
    req.end();
  });
}

/** The refetch after a reconnect, repeated while a busy node sheds it, as the browser's client does. */
async function refetch(index) {
  const answer = await sendWhileRefused(() => getTally(index), (a) => (a.status === 503 ? a.retryAfter : undefined), () => { reconnects.refetchShed += 1; }, now);
  const json = answer.status === 200 ? answer.json : null;
  if (json) {
    hold(index, json.allVoteCount ?? json.alternatives.reduce((s, a) => s + a.count, 0), now());
    reconnects.refetched += 1;
  } else reconnects.refetchFailed += 1;
}

async function openAll() {
  let next = 0;
  const statuses = {};
  const started = now();
  // Bounded: sockets not yet tried when the budget is spent are reported as 'notTried'.
  async function worker() {
    while (next < sockets && now() - started < openBudgetMs) {
      const status = await open(next++);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (next < sockets) statuses.notTried = sockets - next;
  return { connected: statuses[101] ?? 0, statuses, connectMs: Math.round(now() - started), byNode: byNode() };
}

function byNode() {
  const counts = {};
  for (let i = 0; i < sockets; i += 1) if (conns[i]) counts[nodeOf[i]] = (counts[nodeOf[i]] ?? 0) + 1;
  return counts;
}

const summarise = (values) => {
  const sorted = Float64Array.from(values).sort();
  return { count: sorted.length, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), maxMs: percentile(sorted, 100) };
};

const handlers = {
  open: async (message) => { cookies = message.cookies ?? []; return openAll(); },
  expect: async ({ count, timeoutMs }) => {
    const done = new Promise((resolve) => { probes = { expected: count, byNode: new Map(), count: 0, finish: resolve }; });
    process.send({ type: 'expecting' });
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
    const { byNode: lists, count: delivered } = probes;
    probes = null;
    const perNode = Object.fromEntries([...lists].map(([node, list]) => [node, summarise(list)]));
    return { delivered, expected: count, all: summarise([...lists.values()].flat()), perNode };
  },
  reset: async ({ path, stayAway = 0 }) => { stayAwayEvery = stayAway; lastTotal.fill(-1); heldSince.fill(0); resetReconnects(); droppedAt = new Float64Array(sockets); refetchPath = path ?? ''; return {}; },
  final: async ({ total, timeoutMs }) => {
    const deadline = now() + timeoutMs;
    const count = () => { let n = 0; for (let i = 0; i < sockets; i += 1) if (conns[i] && lastTotal[i] === total) n += 1; return n; };
    const open = () => conns.filter(Boolean).length;
    while (now() < deadline && count() < open()) await new Promise((resolve) => setTimeout(resolve, 50));
    const holdingByNode = {};
    let lastArrival = 0;
    for (let i = 0; i < sockets; i += 1) {
      if (!conns[i] || lastTotal[i] !== total) continue;
      holdingByNode[nodeOf[i]] = (holdingByNode[nodeOf[i]] ?? 0) + 1;
      lastArrival = Math.max(lastArrival, heldSince[i]);
    }
    return { open: open(), holding: count(), holdingByNode, openByNode: byNode(), lastArrival };
  },
  reconnects: async ({ waitMs = 0 }) => {
    const deadline = now() + waitMs;
    while (now() < deadline && reconnects.durations.length < reconnects.dropped) await new Promise((resolve) => setTimeout(resolve, 100));
    const { durations, ...rest } = reconnects;
    return { ...rest, reconnected: durations.length, pending: rest.dropped - durations.length, durations: summarise(durations), durationList: durations.map(Math.round), openByNode: byNode() };
  },
  // Who presence must list now, by what a server promises (docs/presence.md): a socket open for
  // `slackMs` (one coalesced change later) and an attendee whose socket dropped less than
  // `graceMs` ago; it must not list one gone longer than `mayListMs`. In between, either is right.
  presence: async ({ graceMs, mayListMs, slackMs }) => {
    const at = now();
    let mustList = 0;
    let mayList = 0;
    for (let i = 0; i < sockets; i += 1) {
      if (conns[i]) {
        mayList += 1;
        if (!droppedAt[i] || at - reopenedAt[i] >= slackMs) mustList += 1;
      } else if (droppedAt[i]) {
        const gone = at - droppedAt[i];
        if (gone < graceMs) mustList += 1;
        if (gone < mayListMs) mayList += 1;
      }
    }
    return { mustList, mayList, pending: reconnects.dropped - reconnects.durations.length, dropped: reconnects.dropped };
  },
  close: async () => { reconnecting = false; for (const s of conns) s?.destroy(); return {}; },
};

process.on('message', (message) => {
  const handler = handlers[message.type];
  if (handler) void handler(message).then((result) => process.send({ type: message.type, ...result }));
});
process.send({ type: 'ready' });
