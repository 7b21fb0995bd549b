// The benchmark's socket side, in its own process (forked through bench-kit.mjs by realtime-fanout.mjs and social.mjs): opens N
// sockets, then records for every probe frame received how long after its `sentAt` it arrived.
// A load generator must not be the bottleneck, so this is a minimal WebSocket client over
// raw TCP (handshake, unmasked server frames, masked pongs) rather than `ws`, whose per-message
// stream machinery would cost more than the server's send. Talks to the parent over IPC.
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { percentile } from './bench-kit.mjs';

// `marker`: the text after which a counted frame carries its send time (epoch ms); other frames are ignored.
const { url, host, sockets, concurrency = 256, sources = 8, marker = '"sentAt":', sessionToken } = JSON.parse(process.argv[2]);
const cookie = sessionToken ? `Cookie: ep_session=${sessionToken}\r\n` : '';
const { hostname, port, pathname } = new URL(url);
const now = () => performance.timeOrigin + performance.now();
let SENT_AT = Buffer.from(marker);

let expected = 0;
let latencies = [];
let firstAt = 0;
let lastAt = 0;
let finish;

function onProbe(payload, at) {
  const start = payload.indexOf(SENT_AT);
  if (start === -1) return; // the welcome frame, or a frame of another kind
  if (latencies.length === 0) firstAt = at;
  lastAt = at;
  latencies.push(at - Number.parseFloat(payload.toString('latin1', start + SENT_AT.length, payload.length)));
  if (latencies.length >= expected) finish?.();
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
function onFrames(chunk) {
  const at = now();
  let buf = this.partialFrame ? Buffer.concat([this.partialFrame, chunk]) : chunk;
  this.partialFrame = undefined;
  let i = 0;
  while (buf.length - i >= 2) {
    const opcode = buf[i] & 0x0f;
    let length = buf[i + 1] & 0x7f;
    let offset = 2;
    if (length === 126) { if (buf.length - i < 4) break; length = buf.readUInt16BE(i + 2); offset = 4; }
    else if (length === 127) { if (buf.length - i < 10) break; length = Number(buf.readBigUInt64BE(i + 2)); offset = 10; }
    if (buf.length - i < offset + length) break;
    const payload = buf.subarray(i + offset, i + offset + length);
    if (opcode === 1) onProbe(payload, at);
    else if (opcode === 9) pong(this, payload);
    i += offset + length;
  }
  if (i < buf.length) this.partialFrame = buf.subarray(i);
}

function open(index) {
  return new Promise((resolve) => {
    // Several source addresses so ephemeral ports never run short across both runs.
    const socket = connect({ host: hostname, port: Number(port), localAddress: `127.0.0.${2 + (index % sources)}` });
    socket.setNoDelay(true);
    let head = Buffer.alloc(0);
    const onHandshake = (chunk) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) return;
      socket.off('data', onHandshake);
      if (!head.subarray(0, 12).toString().includes(' 101')) return resolve(false);
      socket.on('data', onFrames);
      if (end + 4 < head.length) onFrames.call(socket, head.subarray(end + 4));
      resolve(true);
    };
    socket.on('data', onHandshake);
    socket.once('error', () => resolve(false));
    socket.write(`GET ${pathname} HTTP/1.1\r\nHost: ${host}\r\n${cookie}Upgrade: websocket\r\nConnection: Upgrade\r\n`
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

process.on('message', (message) => {
  if (message.type !== 'expect') return;
  expected = message.count;
  if (message.marker) SENT_AT = Buffer.from(message.marker);
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
