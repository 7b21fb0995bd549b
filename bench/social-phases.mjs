// The two halves of `npm run bench:social` (bench/social.mjs runs them on one server):
//   fan-out phases  { name, marker, count, send(seq) }, timed send → arrival at every socket of
//                   the crowd (fanout-client.mjs): the bare hub probe and a timeline post;
//   chat            one-to-one chats between signed-in pairs, timed POST chat/{id} → the
//                   recipient's own socket getting chat-new-message.
// Also the seed: one bench event with the timeline on and attendees with access tokens.
/* global FormData, Request -- Node 24 globals */
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import WebSocket from 'ws';
import { cpuMs, now, percentile, postWithHost, say, sleep } from './bench-kit.mjs';

/** The bench event with the timeline on, and `attendees` attendees with access tokens (stored hashed, as the server does). */
export function seed(dataDir, attendees) {
  const db = new DatabaseSync(join(dataDir, 'eventplatform.sqlite'));
  const at = new Date().toISOString();
  const features = JSON.stringify({ stageTabTimeline: true, stageFuncTimelinePosting: true, stageFuncTimelineCommenting: true });
  const eventId = Number(db.prepare('insert into events (slug, name, start_date, end_date, updated_at, features) values (?, ?, ?, ?, ?, ?) returning id')
    .get('bench', 'Bench', at, at, at, features).id);
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  const addUser = db.prepare("insert into users (event_id, email, first_name, last_name, calculated_fields, is_hidden, is_organiser, created_at) values (?, ?, 'Bench', ?, '{}', 0, 0, ?) returning id");
  const addToken = db.prepare("insert into auth_tokens (event_id, user_id, token_hash, kind, created_at, last_used_at, expires_at) values (?, ?, ?, 'access', ?, ?, ?)");
  const people = [];
  for (let i = 0; i < attendees; i += 1) {
    const id = Number(addUser.get(eventId, `person-${i}@bench.test`, `Person ${i}`, at).id);
    const token = randomBytes(24).toString('base64url');
    addToken.run(eventId, id, createHash('sha256').update(token).digest('base64url'), at, at, expires);
    people.push({ id, token });
  }
  db.close();
  return { eventId, people };
}

/** A multipart body as a browser's FormData sends it. */
async function multipart(fields) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://bench/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type') };
}

/** The fan-out phases, in order; the first (the bare hub probe) is the baseline. `posters` take turns, so none meets the 20-posts-a-minute limit. */
export function fanoutPhases({ port, eventId, posters, admin, count }) {
  const host = `bench.localhost:${port}`;
  return [
    {
      name: 'realtime-probe', marker: '"sentAt":', count,
      send: (seq) => postWithHost(port, '/api/admin/events/bench/realtime-probe', `localhost:${port}`, JSON.stringify({ seq, sentAt: now() }), { authorization: `Bearer ${admin}` }),
    },
    {
      name: 'timeline-post', marker: 'sentAt=', count,
      async send(seq) {
        const sentAt = now();
        const { body, type } = await multipart({ message: `Bench post ${seq} sentAt=${sentAt}` });
        return postWithHost(port, `/api/liveEvent/${eventId}/addTimelineEntry`, host, body,
          { authorization: `Bearer ${posters[seq % posters.length].token}` }, { status: 201, contentType: type });
      },
    },
  ];
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

const sendChat = (port, host, pair, message) =>
  postWithHost(port, `/api/liveEvent/bench/chat/${pair.chatId}`, host, JSON.stringify({ message }), { authorization: `Bearer ${pair.sender.token}` }, { status: 200 });

/**
 * Opens a chat per pair of `people` (sender, recipient) and the recipient's signed-in socket, and
 * sends one warm-up message in each. Answers the pairs and `close()`.
 */
export async function openChats(port, people) {
  const host = `bench.localhost:${port}`;
  const pairs = [];
  for (let i = 0; i + 1 < people.length; i += 2) {
    const [sender, receiver] = [people[i], people[i + 1]];
    const created = await postWithHost(port, '/api/liveEvent/bench/chat', host, JSON.stringify({ userId: receiver.id }), { authorization: `Bearer ${sender.token}` }, { status: 200 });
    pairs.push({ chatId: created.data, sender, recipient: await openRecipient(port, host, receiver.token) });
  }
  for (const pair of pairs) await sendChat(port, host, pair, 'warm');
  return { pairs, close: () => { for (const pair of pairs) pair.recipient.ws.terminate(); } };
}

/** `messages` sends spaced `intervalMs` apart, round robin over `pairs`; latency = send to arrival at the recipient's socket. */
export async function measureChat(label, { pid, port, pairs, messages, intervalMs }) {
  const host = `bench.localhost:${port}`;
  const latencies = [];
  const acks = [];
  let refused = 0;
  const cpuBefore = cpuMs(pid);
  const pending = [];
  for (let i = 0; i < messages; i += 1) {
    const pair = pairs[i % pairs.length];
    const text = `${label} ${i}`;
    const arrival = pair.recipient.arrival(text, 10_000);
    const sentAt = now();
    pending.push(sendChat(port, host, pair, text).then(async () => {
      acks.push(now() - sentAt);
      const at = await arrival;
      if (at !== null) latencies.push(at - sentAt);
    }, () => { refused += 1; }));
    await sleep(intervalMs);
  }
  await Promise.all(pending);
  const cpu = cpuMs(pid) - cpuBefore;
  const sorted = Float64Array.from(latencies).sort();
  const result = {
    delivered: latencies.length, expected: messages, refused,
    p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), maxMs: percentile(sorted, 100),
    ackP99Ms: percentile(Float64Array.from(acks).sort(), 99),
    serverCpuMsPerMessage: Number((cpu / messages).toFixed(2)),
  };
  say(`chat ${label}: p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.delivered}/${messages} delivered`);
  return result;
}
