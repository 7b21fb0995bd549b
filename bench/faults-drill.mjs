// A fault drill against two running nodes (docs/operations.md "Faults"): about 10 attendee calls a
// second (a signed-in read, a timeline post, a vote, a page) spread over both nodes, a signed-in
// socket on each node, a right and a wrong login every second, and /readyz of both nodes every
// 250 ms, while FAULT_START and FAULT_STOP (shell commands: stop and start PostgreSQL, kill and
// start Redis) run FAULT_MS apart. Prints one JSON summary: answers by status per phase, the
// seconds from the fault's end to readiness and to the first 200, login times, every committed post
// checked against each socket (seen live, or in a refetch after a resync or a reconnect), and
// whether either attendee was ever shown offline. The nodes and services are the caller's.
//
//   NODES=http://127.0.0.1:4451,http://127.0.0.1:4452 FAULT_START='…' FAULT_STOP='…' FAULT_MS=15000 \
//   npx node bench/faults-drill.mjs
/* global FormData, Request -- Node 24 globals */
import { exec } from 'node:child_process';
import { request } from 'node:http';
import { URLSearchParams } from 'node:url';
import WebSocket from 'ws';

const env = process.env;
const NODES = (env.NODES ?? 'http://127.0.0.1:4451,http://127.0.0.1:4452').split(',');
const HOST = env.DRILL_HOST ?? 'demo.localhost';
const EVENT = env.DRILL_EVENT ?? '1';
const POLL = Number(env.DRILL_POLL ?? 1);
const PASSWORD = env.DRILL_PASSWORD ?? 'demo-attendee-1';
const BEFORE_MS = Number(env.BEFORE_MS ?? 5000);
const FAULT_MS = Number(env.FAULT_MS ?? 15_000);
const AFTER_MS = Number(env.AFTER_MS ?? 20_000);
const RATE = Number(env.RATE ?? 10);
// The demo's attendees share one password; posters spread the per-attendee post limit (20 a minute).
const POSTERS = (env.DRILL_POSTERS ?? 'kari.moen@nordvind.test,magnus.eriksen@nordvind.test,yusuf.demir@polargrid.test,leila.haddad@polargrid.test,nora.lie@aurorastudio.test,chidi.eze@tidewater.test,hiroshi.tanaka@tidewater.test,ole.brekke@fjellnett.test,silje.nilsen@demo.test,emil.johansson@demo.test,elsa.lindgren@demo.test,mette.kristensen@demo.test,rasmus.poulsen@demo.test,eero.makinen@demo.test,sigrun.helgadottir@demo.test,jonas.bakke@demo.test').split(',');
const WATCHERS = ['ida.karlsen@demo.test', 'henrik.strand@demo.test'];
const LOGIN_ACCOUNT = 'sindre.aas@boreal.test';

const t0 = Date.now();
const now = () => Date.now() - t0;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One HTTP call to a node: status, headers, body and the time it took (0 status: no answer). */
function call(node, path, { method = 'GET', headers = {}, body } = {}) {
  const url = new URL(path, node);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(url, { method, headers: { host: HOST, ...headers, ...(body ? { 'content-length': body.length } : {}) }, timeout: 30_000 }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
      res.on('error', () => resolve({ status: 0, headers: {}, body: '', ms: performance.now() - started }));
    });
    req.on('error', (error) => resolve({ status: 0, headers: {}, body: error.message, ms: performance.now() - started }));
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end(body);
  });
}

const formBody = (fields) => Buffer.from(new URLSearchParams(fields).toString());
const loginAs = (node, username, password = PASSWORD) => call(node, '/connect/token', {
  method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: formBody({ grant_type: 'password', eventId: EVENT, username, password }),
});
async function tokenOf(email) {
  const answer = await loginAs(NODES[0], email);
  if (answer.status !== 200) throw new Error(`login ${email}: ${answer.status} ${answer.body.slice(0, 200)}`);
  return JSON.parse(answer.body).access_token;
}
const api = (name) => `/api/liveEvent/${EVENT}/${name}`;
const auth = (token) => ({ authorization: `Bearer ${token}` });

async function multipart(fields) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const req = new Request('http://x/', { method: 'POST', body: form });
  return { body: Buffer.from(await req.arrayBuffer()), type: req.headers.get('content-type') };
}

// ── the attendees' calls ────────────────────────────────────────────────────────────────────
const answers = []; // { at, node, kind, status, ms, retryAfter }
const posts = []; // { at, node, id, status, tag }
let phase = 'before';
const phaseAt = { before: 0 };
const posters = [];
let seq = 0;

async function attendeeCall(i) {
  // Each round of four calls goes to the next node, for the next attendee.
  const round = Math.floor(i / 4);
  const node = NODES[round % NODES.length];
  const who = posters[round % posters.length];
  const kind = ['read', 'post', 'vote', 'page'][i % 4];
  let answer;
  if (kind === 'read') answer = await call(node, api('getOwnUserInfoFromSession'), { headers: auth(who.token) });
  else if (kind === 'page') answer = await call(node, '/stage', { headers: { accept: 'text/html', cookie: `ep_session=${who.token}` } });
  else if (kind === 'vote') {
    answer = await call(node, api('liveStorePollAnswer'), {
      method: 'POST', headers: { ...auth(who.token), 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ PollID: POLL, QuestionType: 0, Alternatives: [1 + (i % 3)] })),
    });
  } else {
    const tag = `drill ${process.pid} ${seq++}`;
    const { body, type } = await multipart({ message: tag, platform: 'digital' });
    answer = await call(node, api('addTimelineEntry'), { method: 'POST', headers: { ...auth(who.token), 'content-type': type }, body });
    let id;
    try { id = JSON.parse(answer.body).TimelineID; } catch { /* not a post */ }
    posts.push({ at: now(), node, id: answer.status === 201 ? id : undefined, status: answer.status, tag });
  }
  answers.push({ at: now(), phase, node, kind, status: answer.status, ms: Math.round(answer.ms), retryAfter: answer.headers['retry-after'] });
}

// ── logins: a right and a wrong password every second, on alternating nodes ─────────────────
const logins = []; // { at, phase, right, status, ms }
async function loginLoop(isRunning) {
  for (let i = 0; isRunning(); i += 1) {
    const node = NODES[i % NODES.length];
    const right = await loginAs(node, LOGIN_ACCOUNT);
    logins.push({ at: now(), phase, right: true, status: right.status, ms: Math.round(right.ms) });
    const wrong = await loginAs(node, LOGIN_ACCOUNT, 'not-the-password');
    logins.push({ at: now(), phase, right: false, status: wrong.status, ms: Math.round(wrong.ms) });
    await sleep(1000);
  }
}

// ── readiness of every node ────────────────────────────────────────────────────────────────
const readiness = NODES.map(() => []); // [{ at, ok }]
async function readyLoop(isRunning) {
  while (isRunning()) {
    await Promise.all(NODES.map(async (node, n) => {
      const answer = await call(node, '/readyz');
      const list = readiness[n];
      const ok = answer.status === 200;
      if (list.length === 0 || list.at(-1).ok !== ok) list.push({ at: now(), ok, body: answer.body });
    }));
    await sleep(250);
  }
}

// ── a watcher's screen on each node: live adds, resyncs, reconnects with a refetch ────────────
function watch(node, who) {
  const screen = { node, who: who.email, live: new Set(), refetches: [], resyncs: [], reconnects: [], offline: [], closed: false };
  const refetch = async (why) => {
    const answer = await call(node, api('getAllTimelineItems/100'), { headers: auth(who.token) });
    if (answer.status !== 200) {
      screen.refetches.push({ at: now(), why, status: answer.status, ids: [] });
      setTimeout(() => void refetch(why), 1000);
      return;
    }
    screen.refetches.push({ at: now(), why, status: 200, ids: JSON.parse(answer.body).map((item) => item.TimelineID) });
  };
  const open = (attempt) => {
    const ws = new WebSocket(`${node.replace('http', 'ws')}/realtime`, { headers: { host: HOST, cookie: `ep_session=${who.token}` } });
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (frame.type === 'welcome' && attempt > 0) { screen.reconnects.push(now()); void refetch('reconnect'); }
      if (frame.type === 'resync') { screen.resyncs.push(now()); void refetch('resync'); }
      if (frame.type === 'event' && frame.name === 'timeline-add') screen.live.add(frame.data.timelineId);
      if (frame.type === 'event' && frame.name === 'online-users-change') {
        for (const id of frame.data.offline ?? []) screen.offline.push({ at: now(), id });
      }
    });
    ws.on('error', () => undefined);
    ws.on('close', () => { if (!screen.closed) setTimeout(() => open(attempt + 1), 500 + Math.random() * 1000); });
    screen.ws = ws;
  };
  open(0);
  return screen;
}

/** Was the post in front of the screen: live, or in a refetch made after it was committed? */
const reached = (screen, post) => screen.live.has(post.id) || screen.refetches.some((r) => r.at >= post.at && r.ids.includes(post.id));

// ── presence as either node answers it ─────────────────────────────────────────────────────
const presence = []; // { at, node, missing: [ids] }
async function presenceLoop(isRunning, ids, token) {
  while (isRunning()) {
    for (const node of NODES) {
      const answer = await call(node, api('users/online'), { headers: auth(token) });
      if (answer.status !== 200) { presence.push({ at: now(), phase, node, status: answer.status }); continue; }
      const online = JSON.parse(answer.body).online ?? [];
      const missing = ids.filter((id) => !online.includes(id));
      if (missing.length > 0) presence.push({ at: now(), phase, node, missing });
    }
    await sleep(1000);
  }
}

/** Runs a shell command without stopping the traffic; 'ok' or why it failed. */
const run = (command) => new Promise((resolve) => {
  exec(command, { timeout: 60_000 }, (error, _stdout, stderr) => resolve(error ? `failed: ${String(stderr || error.message).slice(0, 200)}` : 'ok'));
});

const count = (list) => list.reduce((acc, a) => { acc[a.status] = (acc[a.status] ?? 0) + 1; return acc; }, {});
const quantile = (values, q) => { const s = [...values].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : null; };

async function main() {
  for (const email of POSTERS) posters.push({ email, token: await tokenOf(email) });
  const watchers = [];
  for (const email of WATCHERS) watchers.push({ email, token: await tokenOf(email) });
  const whoAmI = async (w) => JSON.parse((await call(NODES[0], api('getOwnUserInfoFromSession'), { headers: auth(w.token) })).body);
  const watcherIds = [];
  for (const w of watchers) { const info = await whoAmI(w); watcherIds.push(info.userModuleResult.UserID); }
  const screens = watchers.map((w, n) => watch(NODES[n % NODES.length], w));
  await sleep(1500);

  let running = true;
  const isRunning = () => running;
  const loops = [loginLoop(isRunning), readyLoop(isRunning), presenceLoop(isRunning, watcherIds, watchers[0].token)];
  const inFlight = new Set();
  const traffic = (async () => {
    for (let i = 0; running; i += 1) {
      const p = attendeeCall(i).finally(() => inFlight.delete(p));
      inFlight.add(p);
      await sleep(1000 / RATE);
    }
  })();

  await sleep(BEFORE_MS);
  phase = 'fault'; phaseAt.fault = now();
  const started = await run(env.FAULT_START ?? 'true');
  await sleep(FAULT_MS);
  const stopped = await run(env.FAULT_STOP ?? 'true');
  phase = 'after'; phaseAt.after = now();
  await sleep(AFTER_MS);
  running = false;
  await traffic;
  await Promise.all([...inFlight, ...loops]);
  await sleep(1500);
  for (const s of screens) { s.closed = true; s.ws.close(); }

  const byPhase = (list) => Object.fromEntries(['before', 'fault', 'after'].map((p) => [p, count(list.filter((a) => a.phase === p))]));
  const firstAfter = (test) => { const hit = answers.find((a) => a.at >= phaseAt.after && test(a)); return hit ? (hit.at - phaseAt.after) / 1000 : null; };
  const lastBadAfter = answers.filter((a) => a.at >= phaseAt.after && a.status !== 200 && a.status !== 201 && a.status !== 409);
  const committed = posts.filter((p) => p.id !== undefined);
  const summary = {
    faultStart: started, faultStop: stopped, faultMs: FAULT_MS, rate: RATE,
    answers: byPhase(answers),
    answersByKind: Object.fromEntries(['read', 'post', 'vote', 'page'].map((k) => [k, byPhase(answers.filter((a) => a.kind === k))])),
    non503FivexX: answers.filter((a) => a.status >= 500 && a.status !== 503 && a.status !== 507),
    noAnswer: answers.filter((a) => a.status === 0).length,
    fiveOhThreeWithoutRetryAfter: answers.filter((a) => a.status === 503 && !a.retryAfter).length,
    secondsToFirst200After: firstAfter((a) => a.status === 200),
    lastNon2xxAfterS: lastBadAfter.length ? (lastBadAfter.at(-1).at - phaseAt.after) / 1000 : null,
    slowest: [...answers, ...logins.map((l) => ({ ...l, kind: l.right ? 'login' : 'wrong-password' }))].sort((a, b) => b.ms - a.ms).slice(0, 10).map((a) => ({ kind: a.kind, status: a.status, ms: a.ms, atS: (a.at - phaseAt.fault) / 1000 })),
    latencyMs: Object.fromEntries(['before', 'fault', 'after'].map((p) => { const ms = answers.filter((a) => a.phase === p).map((a) => a.ms); return [p, { p50: quantile(ms, 0.5), p99: quantile(ms, 0.99), max: quantile(ms, 1) }]; })),
    readiness: readiness.map((list, n) => ({ node: NODES[n], transitions: list.map((r) => ({ atS: (r.at - phaseAt.fault) / 1000, ok: r.ok, ...(r.ok ? {} : { body: r.body }) })) })),
    readyAgainAfterS: readiness.map((list) => { const back = list.find((r) => r.at >= phaseAt.after && r.ok); return back ? (back.at - phaseAt.after) / 1000 : null; }),
    logins: Object.fromEntries(['before', 'fault', 'after'].map((p) => {
      const inPhase = logins.filter((l) => l.phase === p);
      return [p, { right: count(inPhase.filter((l) => l.right)), wrong: count(inPhase.filter((l) => !l.right)), maxMs: quantile(inPhase.map((l) => l.ms), 1), p50Ms: quantile(inPhase.map((l) => l.ms), 0.5) }];
    })),
    posts: { sent: posts.length, committed: committed.length, byStatus: count(posts) },
    screens: screens.map((s) => ({
      node: s.node, resyncsAtS: s.resyncs.map((at) => (at - phaseAt.fault) / 1000), reconnectsAtS: s.reconnects.map((at) => (at - phaseAt.fault) / 1000),
      committedPostsMissed: committed.filter((p) => !reached(s, p)).map((p) => ({ id: p.id, node: p.node, atS: (p.at - phaseAt.fault) / 1000 })),
      otherShownOffline: s.offline.filter((o) => watcherIds.includes(o.id)).map((o) => ({ atS: (o.at - phaseAt.fault) / 1000, id: o.id })),
    })),
    presenceMissing: presence.map((p) => ({ ...p, atS: (p.at - phaseAt.fault) / 1000 })),
  };
  // Every committed post is stored once; answers that were not 201 stored nothing (or say why).
  const storedTags = [];
  for (let before = ''; ;) {
    const page = await call(NODES[0], `${api('getAllTimelineItems/100')}${before ? `?before=${before}` : ''}`, { headers: auth(watchers[0].token) });
    storedTags.push(...JSON.parse(page.body).map((item) => item.Message));
    before = page.headers['x-next-before'] ?? '';
    if (!before) break;
  }
  summary.posts.storedOfCommitted = committed.filter((p) => storedTags.includes(p.tag)).length;
  summary.posts.storedOfRefused = posts.filter((p) => p.id === undefined && storedTags.includes(p.tag)).length;
  console.log(JSON.stringify(summary, null, 1));
}

await main();
process.exit(0);
