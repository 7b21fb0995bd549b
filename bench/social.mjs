// `npm run bench:social`: attendee-to-attendee delivery while N sockets (default 10,000) are open
// on one event. Starts the built server (temp SQLite, one bench event with the timeline on),
// opens the sockets from a second process (fanout-client.mjs) and runs PHASES in order on the
// same server and sockets, each timing send → arrival at every socket:
//   realtime-probe  the bare hub fan-out (the admin probe): the baseline of this run;
//   timeline-post   a post through POST addTimelineEntry, fanned out as timeline-add.
// A phase is { name, marker, count, send(seq) }: `send` makes one delivery happen and puts its
// send time (epoch ms) after `marker` in the frame. Add a phase by appending to PHASES (the chat
// send → receive phase goes here). Prints ONE JSON line. Loopback only; stops itself.
/* global FormData, Request -- Node 24 globals */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { ensureBuild } from '../scripts/ensure-build.mjs';
import { cpuMs, now, postWithHost, say, sleep, startClient, startProcess, stopAll } from './bench-kit.mjs';

const env = process.env;
const N = Number(env.N ?? env.BENCH_SOCKETS ?? 10_000);
const COUNT = Number(env.BENCH_MESSAGES ?? 20);
const INTERVAL_MS = Number(env.BENCH_INTERVAL_MS ?? 250);
const DEADLINE_MS = Number(env.BENCH_DEADLINE_MS ?? 300_000);
const GOAL_P99_MS = 150;
const ADMIN = `bench-${process.pid}`;
// Posters take turns, so no one meets the per-attendee limit (20 posts a minute).
const POSTERS = Math.max(1, Math.ceil(COUNT / 10));

const deadline = setTimeout(() => { say(`deadline of ${DEADLINE_MS} ms passed`); stopAll(); process.exit(1); }, DEADLINE_MS);

/** The bench event with the timeline on, and attendees with access tokens (stored hashed, as the server does). */
function seed(dataDir, attendees) {
  const db = new DatabaseSync(join(dataDir, 'eventplatform.sqlite'));
  const at = new Date().toISOString();
  const features = JSON.stringify({ stageTabTimeline: true, stageFuncTimelinePosting: true, stageFuncTimelineCommenting: true });
  const eventId = Number(db.prepare('insert into events (slug, name, start_date, end_date, updated_at, features) values (?, ?, ?, ?, ?, ?) returning id')
    .get('bench', 'Bench', at, at, at, features).id);
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  const tokens = [];
  for (let i = 0; i < attendees; i += 1) {
    const userId = Number(db.prepare("insert into users (event_id, email, first_name, last_name, calculated_fields, is_hidden, is_organiser, created_at) values (?, ?, 'Bench', ?, '{}', 0, 0, ?) returning id")
      .get(eventId, `poster-${i}@bench.test`, `Poster ${i}`, at).id);
    const token = randomBytes(24).toString('base64url');
    db.prepare("insert into auth_tokens (event_id, user_id, token_hash, kind, created_at, last_used_at, expires_at) values (?, ?, ?, 'access', ?, ?, ?)")
      .run(eventId, userId, createHash('sha256').update(token).digest('base64url'), at, at, expires);
    tokens.push(token);
  }
  db.close();
  return { eventId, tokens };
}

/** A multipart body as a browser's FormData sends it. */
async function multipart(fields) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://bench/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type') };
}

function phasesFor({ port, eventId, tokens }) {
  const host = `bench.localhost:${port}`;
  return [
    {
      name: 'realtime-probe', marker: '"sentAt":', count: COUNT,
      send: (seq) => postWithHost(port, '/api/admin/events/bench/realtime-probe', `localhost:${port}`, JSON.stringify({ seq, sentAt: now() }), { authorization: `Bearer ${ADMIN}` }),
    },
    {
      name: 'timeline-post', marker: 'sentAt=', count: COUNT,
      async send(seq) {
        const sentAt = now();
        const { body, type } = await multipart({ message: `Bench post ${seq} sentAt=${sentAt}` });
        return postWithHost(port, `/api/liveEvent/${eventId}/addTimelineEntry`, host, body,
          { authorization: `Bearer ${tokens[seq % tokens.length]}` }, { status: 201, contentType: type });
      },
    },
  ];
}

/** Runs one phase: `count` sends spaced INTERVAL_MS apart, each awaited, every delivery timed. */
async function runPhase(phase, client, sockets, pid) {
  const counting = await client.expect(sockets * phase.count, phase.count * INTERVAL_MS + 30_000, phase.marker);
  const cpuBefore = cpuMs(pid);
  for (let seq = 1; seq <= phase.count; seq += 1) {
    await phase.send(seq);
    await sleep(INTERVAL_MS);
  }
  const result = await counting.result;
  const cpu = cpuMs(pid) - cpuBefore;
  say(`${phase.name}: p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.delivered}/${result.expected} delivered`);
  return {
    p50Ms: result.p50Ms, p99Ms: result.p99Ms, maxMs: result.maxMs, delivered: result.delivered, expected: result.expected,
    // Server CPU over the phase per delivery (includes the sends' own HTTP and database work).
    serverCpuUsPerDelivery: Number(((cpu * 1000) / Math.max(1, result.delivered)).toFixed(2)),
  };
}

async function main() {
  ensureBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'ep-bench-social-'));
  try {
    // The N anonymous sockets come from 8 loopback addresses: lift the per-address cap (as bench:realtime does).
    const server = await startProcess(['server.mjs'], {
      PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_TOKEN: ADMIN, SEED_DEMO: '0', LOG_LEVEL: 'warn', REDIS_URL: '', DATABASE_URL: '',
      REALTIME_ANONYMOUS_PER_ADDRESS: String(N),
    });
    const { eventId, tokens } = seed(dataDir, POSTERS);
    const phases = phasesFor({ port: server.port, eventId, tokens });
    // Warm every path (sharp-free post, probe) before timing.
    for (const phase of phases) await phase.send(0);
    const client = startClient(`ws://127.0.0.1:${server.port}/realtime`, `bench.localhost:${server.port}`, N);
    const ready = await client.ready;
    say(`${ready.connected} sockets open in ${ready.connectMs} ms (${ready.failed} failed)`);
    await sleep(2000);
    const results = {};
    for (const phase of phases) results[phase.name] = await runPhase(phase, client, ready.connected, server.child.pid);
    const base = results['realtime-probe'];
    const post = results['timeline-post'];
    process.stdout.write(JSON.stringify({
      bench: 'social', sockets: ready.connected, messagesPerPhase: COUNT, intervalMs: INTERVAL_MS,
      phases: results,
      ratio: { postP50VsProbe: Number((post.p50Ms / base.p50Ms).toFixed(2)), postP99VsProbe: Number((post.p99Ms / base.p99Ms).toFixed(2)) },
      goal: { fanoutP99Ms: GOAL_P99_MS, met: post.p99Ms <= GOAL_P99_MS && post.delivered === post.expected },
    }) + '\n');
    server.child.kill('SIGTERM');
  } finally {
    stopAll();
    clearTimeout(deadline);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => { say(error.stack ?? String(error)); stopAll(); process.exit(1); });
