// `npm run bench:social-chat` (the chat half of bench:social): chat send→receive latency between
// two attendees while N other sockets (default 10,000) are connected to the same event.
// Starts the built server (temp SQLite, one bench event with PAIRS pairs of attendees and their
// access tokens), opens each pair's chat, connects every recipient's socket with its session
// cookie, and times POST chat/{id} until the recipient's socket gets the chat-new-message frame.
// The baseline is the same measurement on the same server before the N sockets connect, so
// the ratio is what the crowd costs. The N sockets come from bench/fanout-client.mjs (a second
// process). Prints ONE JSON line. Loopback only; stops itself after BENCH_DEADLINE_MS.
import { fork, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { ensureBuild } from '../scripts/ensure-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;
const N = Number(env.N ?? env.BENCH_SOCKETS ?? 10_000);
const PAIRS = Number(env.BENCH_CHAT_PAIRS ?? 10);
// Per sender: MESSAGES / PAIRS (+1 warm-up), under the server's 30 messages per attendee per minute.
const MESSAGES = Number(env.BENCH_CHAT_MESSAGES ?? 200);
const INTERVAL_MS = Number(env.BENCH_INTERVAL_MS ?? 50);
const DEADLINE_MS = Number(env.BENCH_DEADLINE_MS ?? 300_000);
const GOAL_P99_MS = 50;
const children = new Set();
const now = () => performance.timeOrigin + performance.now();
const say = (text) => process.stderr.write(`[bench] ${text}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const deadline = setTimeout(() => { say(`deadline of ${DEADLINE_MS} ms passed`); stopAll(); process.exit(1); }, DEADLINE_MS);

function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
}

function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function startServer(extraEnv) {
  const child = spawn(process.execPath, ['server.mjs'], { cwd: root, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server.mjs exited with ${code}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.includes('"listening"')) resolve({ child, port: JSON.parse(line).port });
    });
  });
}

/** The bench event, 4 × PAIRS attendees (two sets of pairs) and an access token each, written into the server's SQLite. */
function seed(dataDir) {
  const db = new DatabaseSync(join(dataDir, 'eventplatform.sqlite'));
  const at = new Date().toISOString();
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  const eventId = Number(db.prepare('insert into events (slug, name, start_date, end_date, updated_at) values (?, ?, ?, ?, ?) returning id')
    .get('bench', 'Bench', at, at, at).id);
  const addUser = db.prepare('insert into users (event_id, email, first_name, last_name, created_at) values (?, ?, ?, ?, ?) returning id');
  const addToken = db.prepare('insert into auth_tokens (event_id, user_id, token_hash, kind, created_at, last_used_at, expires_at) values (?, ?, ?, ?, ?, ?, ?)');
  const people = [];
  for (let i = 0; i < PAIRS * 4; i += 1) {
    const id = Number(addUser.get(eventId, `chat${i}@bench.test`, 'Chat', `Person ${i}`, at).id);
    const token = randomBytes(32).toString('base64url');
    addToken.run(eventId, id, createHash('sha256').update(token).digest('base64url'), 'access', at, at, expires);
    people.push({ id, token });
  }
  db.close();
  return { eventId, people };
}

/** An HTTP call with an explicit Host header (fetch forbids setting one); answers status and JSON. */
function callWithHost(port, method, path, host, token, body) {
  return new Promise((resolve, reject) => {
    const headers = { host, authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) };
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let answer = '';
      res.setEncoding('utf8').on('data', (chunk) => { answer += chunk; });
      res.on('end', () => resolve({ status: res.statusCode, body: answer ? JSON.parse(answer) : null }));
    });
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

/** The recipient's browser: a socket with the session cookie, resolving waiters per message text. */
function openRecipient(port, host, token) {
  const waiting = new Map();
  const ws = new WebSocket(`ws://127.0.0.1:${port}/realtime`, { headers: { host, cookie: `ep_session=${token}` } });
  ws.on('message', (data) => {
    const at = now();
    const frame = JSON.parse(data.toString('utf8'));
    if (frame.type !== 'event' || frame.name !== 'chat-new-message') return;
    const text = frame.data.message?.Message;
    waiting.get(text)?.(at);
    waiting.delete(text);
  });
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => resolve({
      ws,
      arrival: (text, timeoutMs) => new Promise((done) => {
        const timer = setTimeout(() => { waiting.delete(text); done(null); }, timeoutMs);
        waiting.set(text, (at) => { clearTimeout(timer); done(at); });
      }),
    }));
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(2));
}

/** MESSAGES sends spaced INTERVAL_MS apart, round robin over the pairs; latency = send to arrival. */
async function measure(label, { pid, port, host, pairs, round }) {
  const latencies = [];
  const acks = [];
  let refused = 0;
  const cpuBefore = cpuMs(pid);
  const pending = [];
  for (let i = 0; i < MESSAGES; i += 1) {
    const pair = pairs[i % pairs.length];
    const text = `${label} ${round} ${i}`;
    const arrival = pair.recipient.arrival(text, 10_000);
    const sentAt = now();
    pending.push(callWithHost(port, 'POST', `/api/liveEvent/bench/chat/${pair.chatId}`, host, pair.sender.token, { message: text }).then(async (res) => {
      const ackAt = now();
      if (res.status !== 200) { refused += 1; return; }
      acks.push(ackAt - sentAt);
      const at = await arrival;
      if (at !== null) latencies.push(at - sentAt);
      if (env.BENCH_TRACE && at !== null) say(`${i} ${Math.round(sentAt) % 100000} ${(at - sentAt).toFixed(1)}`);
    }));
    await sleep(INTERVAL_MS);
  }
  await Promise.all(pending);
  const cpu = cpuMs(pid) - cpuBefore;
  const sorted = Float64Array.from(latencies).sort();
  const ackSorted = Float64Array.from(acks).sort();
  const result = {
    delivered: latencies.length, expected: MESSAGES, refused,
    p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), maxMs: percentile(sorted, 100),
    ackP99Ms: percentile(ackSorted, 99),
    serverCpuMsPerMessage: Number((cpu / MESSAGES).toFixed(2)),
  };
  say(`${label}: p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.delivered}/${MESSAGES} delivered`);
  return result;
}

function startCrowd(url, host) {
  const child = fork(fileURLToPath(new URL('fanout-client.mjs', import.meta.url)), [JSON.stringify({ url, host, sockets: N })], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.add(child);
  return new Promise((resolve) => child.on('message', (message) => { if (message.type === 'ready') resolve({ child, ...message }); }));
}

async function main() {
  ensureBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'ep-bench-chat-'));
  try {
    const server = await startServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn', REDIS_URL: '', DATABASE_URL: '' });
    const { people } = seed(dataDir);
    const host = `bench.localhost:${server.port}`;
    // Two sets of pairs, one per phase, so no sender meets the 30-a-minute limit.
    const pairs = [];
    for (let i = 0; i < PAIRS * 2; i += 1) {
      const [sender, receiver] = [people[2 * i], people[2 * i + 1]];
      const created = await callWithHost(server.port, 'POST', '/api/liveEvent/bench/chat', host, sender.token, { userId: receiver.id });
      if (created.status !== 200) throw new Error(`create chat answered ${created.status}`);
      pairs.push({ chatId: created.body.data, sender, recipient: await openRecipient(server.port, host, receiver.token) });
    }
    // Warm the path (JIT, statement cache) before anything is measured.
    for (const pair of pairs) await callWithHost(server.port, 'POST', `/api/liveEvent/bench/chat/${pair.chatId}`, host, pair.sender.token, { message: 'warm' });
    await sleep(500);
    const baseline = await measure('baseline (no other sockets)', { pid: server.child.pid, port: server.port, host, pairs: pairs.slice(0, PAIRS), round: 1 });
    const crowd = await startCrowd(`ws://127.0.0.1:${server.port}/realtime`, host);
    say(`${crowd.connected} other sockets open in ${crowd.connectMs} ms (${crowd.failed} failed)`);
    await sleep(2000);
    const loaded = await measure(`with ${crowd.connected} sockets`, { pid: server.child.pid, port: server.port, host, pairs: pairs.slice(PAIRS), round: 2 });
    crowd.child.kill('SIGKILL');
    for (const pair of pairs) pair.recipient.ws.terminate();
    server.child.kill('SIGTERM');

    const ratio = (key) => (baseline[key] ? Number((loaded[key] / baseline[key]).toFixed(2)) : null);
    process.stdout.write(JSON.stringify({
      bench: 'social-chat', sockets: crowd.connected, pairs: PAIRS, messages: MESSAGES, intervalMs: INTERVAL_MS,
      chat: loaded, baseline, ratio: { p50: ratio('p50Ms'), p99: ratio('p99Ms'), serverCpuPerMessage: ratio('serverCpuMsPerMessage') },
      goal: { p99Ms: GOAL_P99_MS, met: loaded.p99Ms !== null && loaded.p99Ms <= GOAL_P99_MS && loaded.delivered === MESSAGES },
    }) + '\n');
  } finally {
    stopAll();
    clearTimeout(deadline);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => { say(error.stack ?? String(error)); stopAll(); process.exit(1); });
