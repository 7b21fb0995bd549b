// bench:votes, the voting side (forked by votes.mjs, several at once). Two jobs, on the parent's
// word over IPC:
// - `login`: logs its attendees in through POST /connect/token (the password grant, as the login
//   form does) and returns their access tokens;
// - `vote`: sends each of its votes at its scheduled moment (open loop: a slow answer never delays
//   the next vote, so latency is not hidden by waiting) over keep-alive connections, and returns
//   per vote the acknowledgement latency measured from the scheduled moment, and the status.
import { Agent, request } from 'node:http';
import { URLSearchParams } from 'node:url';
import { sendWhileRefused } from '../src/lib/shed-retry.ts';

const { port, host, maxSockets = 48 } = JSON.parse(process.argv[2]);
const agent = new Agent({ keepAlive: true, maxSockets, scheduling: 'fifo' });
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function send(method, path, headers, body) {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, method, agent, headers: { host, ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk) => { text += chunk; });
      res.on('end', () => resolve({ status: res.statusCode, text, retryAfter: Number(res.headers['retry-after'] ?? 0) }));
      res.on('error', (error) => resolve({ status: 0, text: String(error) }));
    });
    req.on('error', (error) => resolve({ status: 0, text: String(error) }));
    req.end(body);
  });
}

/** As the browser's API client does for an answer (src/islands/http/api.client.ts, the rule of
 * src/lib/shed-retry.ts): a vote a busy node shed with 503 + Retry-After, or whose answer was
 * lost with its node (502/504 from nginx, or no answer), is sent again, waits doubling from the
 * Retry-After (1 s for a lost one), for up to 30 s; answers are idempotent on the server.
 * `onShed` counts repeats after a 503, `onLost` those after a lost answer. */
function sendThroughShedding(path, headers, body, onShed, onLost = () => {}) {
  const isLost = (answer) => answer.status === 0 || answer.status === 502 || answer.status === 504;
  return sendWhileRefused(() => send('POST', path, headers, body),
    (answer) => (isLost(answer) ? 1 : answer.status === 503 ? answer.retryAfter : undefined),
    (answer) => (isLost(answer) ? onLost : onShed)(), now);
}

async function login({ eventId, users, password, concurrency = 32 }) {
  const tokens = new Array(users.length).fill(null);
  const errors = {};
  let next = 0;
  const started = now();
  async function worker() {
    while (next < users.length) {
      const index = next++;
      const form = new URLSearchParams({ grant_type: 'password', eventId: String(eventId), username: users[index], password }).toString();
      // As the login form's client does: a login a busy node shed is sent again after its Retry-After.
      const answer = await sendWhileRefused(() => send('POST', '/connect/token', { 'content-type': 'application/x-www-form-urlencoded' }, form),
        (a) => (a.status === 503 ? a.retryAfter : undefined), () => {}, now);
      if (answer.status === 200) tokens[index] = JSON.parse(answer.text).access_token;
      else errors[answer.status] = answer.text.slice(0, 200);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { tokens, loggedIn: tokens.filter(Boolean).length, errors, loginMs: Math.round(now() - started) };
}

/**
 * Sends vote i at t0 + slots[i] * intervalMs. Latency is answer time minus that scheduled time
 * (so a client that falls behind shows as latency, never as a quieter server); `lagMs` is how
 * late the request actually left this process, which tells client lag from server time.
 */
async function vote({ path, t0, intervalMs, slots, tokens, bodies, timeoutMs }) {
  const count = slots.length;
  const latency = new Array(count).fill(null);
  const lag = new Array(count).fill(null);
  const statuses = {};
  const errors = {};
  let acked = 0;
  let lastAckAt = 0;
  let firstSentAt = 0;
  let shed = 0;
  let resentLost = 0;
  let done = 0;
  let finish;
  const allDone = new Promise((resolve) => { finish = resolve; });
  const fire = (i, at) => {
    const planned = t0 + slots[i] * intervalMs;
    lag[i] = at - planned;
    if (!firstSentAt) firstSentAt = at;
    void sendThroughShedding(path, { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' }, bodies[i], () => { shed += 1; }, () => { resentLost += 1; }).then(({ status, text }) => {
      const answeredAt = now();
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status === 200) {
        acked += 1;
        latency[i] = answeredAt - planned;
        if (answeredAt > lastAckAt) lastAckAt = answeredAt;
      } else if (!errors[status]) errors[status] = text.slice(0, 300);
      done += 1;
      if (done === count) finish();
    });
  };
  let next = 0;
  while (next < count) {
    const at = now();
    while (next < count && t0 + slots[next] * intervalMs <= at) fire(next++, at);
    if (next < count) await sleep(Math.max(0, Math.min(t0 + slots[next] * intervalMs - now(), 5)));
  }
  if (count === 0) finish();
  // Bounded: votes still unanswered after the timeout are reported as such (the run must end).
  let timer;
  await Promise.race([allDone, new Promise((resolve) => { timer = setTimeout(resolve, timeoutMs); })]);
  clearTimeout(timer);
  return { sent: count, acked, unanswered: count - done, shed, resentLost, statuses, errors, firstSentAt, lastAckAt, latency, lag };
}

process.on('message', (message) => {
  const job = message.type === 'login' ? login(message) : message.type === 'vote' ? vote(message) : undefined;
  void job?.then((result) => process.send({ type: message.type, ...result }));
});
process.send({ type: 'ready' });
