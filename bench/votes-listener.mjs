// bench:votes, the listening side (forked by votes.mjs, several at once): opens one /realtime
// socket per attendee it is given (with that attendee's session cookie, as a browser would) and
// records, per socket, every `poll-change` tally it receives: how many arrived and when the
// socket first held its latest total. Tallies are full counts, never deltas, so "holds the final
// tally" means: its latest frame's total equals the final one. The same minimal raw-TCP
// WebSocket client as fanout-client.mjs, so the load generator costs less than the server.
// Talks to the parent over IPC.
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';

const { url, host, cookieName, sockets, concurrency = 128, sources = 8, sourceOffset = 0 } = JSON.parse(process.argv[2]);
const { hostname, port, pathname } = new URL(url);
let cookies = []; // one session token per socket, sent over IPC (too long for argv)
const now = () => performance.timeOrigin + performance.now();
const POLL_CHANGE = Buffer.from('"name":"poll-change"');

const lastTotal = new Int32Array(sockets).fill(-1); // total of the latest tally a socket holds
const heldSince = new Float64Array(sockets); // when that total first arrived at the socket
const received = new Uint16Array(sockets); // poll-change frames per socket
const countsByTotal = new Map(); // total -> counts as sent ("id:count,…"), to check the final one
let lastPayload = '';
let lastParsed = { total: -1 };
let closedEarly = 0;
let target = -1; // the final total the parent waits for, while it waits
let holdingTarget = 0;
let onTarget;

/** Parses a poll-change payload once per distinct frame: every socket gets the same bytes. */
function tallyOf(payload) {
  const text = payload.toString('utf8');
  if (text === lastPayload) return lastParsed;
  lastPayload = text;
  const { data } = JSON.parse(text);
  const counts = Array.isArray(data?.counts) ? data.counts : [];
  const total = typeof data?.allVoteCount === 'number' ? data.allVoteCount : counts.reduce((sum, c) => sum + c.count, 0);
  if (!countsByTotal.has(total)) countsByTotal.set(total, counts.map((c) => `${c.id}:${c.count}`).join(','));
  lastParsed = { total };
  return lastParsed;
}

function onText(index, payload, at) {
  if (payload.indexOf(POLL_CHANGE) === -1) return; // welcome, other events
  const { total } = tallyOf(payload);
  received[index] += 1;
  if (total !== lastTotal[index]) {
    if (lastTotal[index] === target) holdingTarget -= 1;
    lastTotal[index] = total;
    heldSince[index] = at;
    if (total === target) { holdingTarget += 1; onTarget?.(); }
  }
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

/** Parses whole frames from the socket's bytes; a partial frame waits for the next chunk. */
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

function open(index) {
  return new Promise((resolve) => {
    // Several source addresses so ephemeral ports never run short across both runs.
    const socket = connect({ host: hostname, port: Number(port), localAddress: `127.0.0.${2 + sourceOffset + (index % sources)}` });
    socket.setNoDelay(true);
    let head = Buffer.alloc(0);
    let open = false;
    const onHandshake = (chunk) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) return;
      socket.off('data', onHandshake);
      if (!head.subarray(0, 12).toString().includes(' 101')) { socket.destroy(); return resolve(false); }
      open = true;
      socket.on('data', (data) => onFrames(socket, index, data));
      if (end + 4 < head.length) onFrames(socket, index, head.subarray(end + 4));
      resolve(true);
    };
    socket.on('data', onHandshake);
    socket.once('error', () => resolve(false));
    socket.once('close', () => { if (open) closedEarly += 1; });
    const cookie = cookies[index] ? `Cookie: ${cookieName}=${encodeURIComponent(cookies[index])}\r\n` : '';
    socket.write(`GET ${pathname} HTTP/1.1\r\nHost: ${host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n${cookie}`
      + `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
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

/** How the sockets stand against `total`: how many hold it and when the last of them got it. */
function standing(total) {
  let holding = 0;
  let lastArrival = 0;
  let minReceived = Infinity;
  let maxReceived = 0;
  let sumReceived = 0;
  for (let i = 0; i < sockets; i += 1) {
    if (lastTotal[i] === total) { holding += 1; if (heldSince[i] > lastArrival) lastArrival = heldSince[i]; }
    minReceived = Math.min(minReceived, received[i]);
    maxReceived = Math.max(maxReceived, received[i]);
    sumReceived += received[i];
  }
  return { holding, lastArrival, minReceived, maxReceived, sumReceived };
}

process.on('message', (message) => {
  if (message.type === 'reset') {
    // Before the votes: forget tallies from seeding or warm-up, so counts are the burst's.
    lastTotal.fill(-1); heldSince.fill(0); received.fill(0); countsByTotal.clear(); lastPayload = '';
    process.send({ type: 'reset' });
  }
  if (message.type !== 'final') return;
  // Wait until every open socket holds `total`, or the timeout: then report.
  const { total, timeoutMs, connected } = message;
  let settled = false;
  const report = () => {
    if (settled) return;
    settled = true;
    onTarget = undefined;
    target = -1;
    clearTimeout(timer);
    process.send({ type: 'final', sockets, connected, closedEarly, counts: countsByTotal.get(total) ?? null, ...standing(total) });
  };
  const timer = setTimeout(report, timeoutMs);
  target = total;
  holdingTarget = standing(total).holding;
  onTarget = () => { if (holdingTarget >= connected) report(); };
  onTarget();
});

process.on('message', (message) => {
  if (message.type !== 'open') return;
  cookies = message.cookies;
  void connectAll().then((summary) => process.send({ type: 'open', ...summary }));
});
process.send({ type: 'ready' });
