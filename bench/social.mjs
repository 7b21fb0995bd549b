// `npm run bench:social`: attendee-to-attendee delivery while N sockets (default
// 10,000) are open on one event. Starts the built server (temp SQLite, one bench event with the
// timeline on) and, on that one server, measures (phases and chats in bench/social-phases.mjs):
//   chat baseline   chat send → receive between signed-in pairs before the crowd connects;
// then opens the N sockets from a second process (fanout-client.mjs) and runs
//   realtime-probe  the bare hub fan-out to every socket (the admin probe): the fan-out baseline;
//   timeline-post   a post through POST addTimelineEntry, fanned out as timeline-add;
//   chat            the chat measurement again, with the crowd connected.
// Prints ONE JSON line with both parts, their ratios to their baselines and the goals
// (post p99 ≤ 150 ms at every socket; chat p99 ≤ 50 ms). Loopback only; stops itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild } from '../scripts/ensure-build.mjs';
import { cpuMs, say, sleep, startClient, startProcess, stopAll } from './bench-kit.mjs';
import { fanoutPhases, measureChat, openChats, seed } from './social-phases.mjs';
import { recordResult } from './results.mjs';

const env = process.env;
const N = Number(env.N ?? env.BENCH_SOCKETS ?? 10_000);
const COUNT = Number(env.BENCH_MESSAGES ?? 20);
const INTERVAL_MS = Number(env.BENCH_INTERVAL_MS ?? 250);
const PAIRS = Number(env.BENCH_CHAT_PAIRS ?? 10);
// Per sender: CHAT_MESSAGES / PAIRS (+1 warm-up), under the server's 30 messages per attendee per minute;
// each chat measurement has its own PAIRS pairs.
const CHAT_MESSAGES = Number(env.BENCH_CHAT_MESSAGES ?? 200);
const CHAT_INTERVAL_MS = Number(env.BENCH_CHAT_INTERVAL_MS ?? 50);
const DEADLINE_MS = Number(env.BENCH_DEADLINE_MS ?? 300_000);
const GOAL_POST_P99_MS = 150;
const GOAL_CHAT_P99_MS = 50;
const ADMIN = `bench-${process.pid}`;
const POSTERS = Math.max(1, Math.ceil(COUNT / 10));

const deadline = setTimeout(() => { say(`deadline of ${DEADLINE_MS} ms passed`); stopAll(); process.exit(1); }, DEADLINE_MS);
const ratio = (a, b) => (a !== null && b ? Number((a / b).toFixed(2)) : null);

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
    // The N sockets come from 8 loopback addresses: lift the per-address cap for anonymous ones (as bench:realtime does).
    const server = await startProcess(['server.mjs'], {
      PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_TOKEN: ADMIN, SEED_DEMO: '0', LOG_LEVEL: 'warn', REDIS_URL: '', DATABASE_URL: '',
      REALTIME_ANONYMOUS_PER_ADDRESS: String(N),
    });
    const { port, child: { pid } } = server;
    const { eventId, people } = seed(dataDir, POSTERS + PAIRS * 4 + 1);
    // The crowd's sockets are one attendee's: timeline frames go to members only (docs/realtime.md).
    const watcher = people.pop();
    const phases = fanoutPhases({ port, eventId, posters: people.slice(0, POSTERS), admin: ADMIN, count: COUNT });
    // Two sets of pairs, one per chat measurement, so no sender meets the 30-a-minute limit.
    const chats = await openChats(port, people.slice(POSTERS));
    const chatRun = (label, pairs) => measureChat(label, { pid, port, pairs, messages: CHAT_MESSAGES, intervalMs: CHAT_INTERVAL_MS });
    // Warm every path (JIT, statement cache; sharp-free post, probe, chat) before timing.
    for (const phase of phases) await phase.send(0);
    await sleep(500);
    const chatBaseline = await chatRun('baseline', chats.pairs.slice(0, PAIRS));

    const client = startClient(`ws://127.0.0.1:${port}/realtime`, `bench.localhost:${port}`, N, undefined, watcher.token);
    const ready = await client.ready;
    say(`${ready.connected} sockets open in ${ready.connectMs} ms (${ready.failed} failed)`);
    await sleep(2000);
    const fanout = {};
    for (const phase of phases) fanout[phase.name] = await runPhase(phase, client, ready.connected, pid);
    const chat = await chatRun(`with ${ready.connected} sockets`, chats.pairs.slice(PAIRS));
    chats.close();
    server.child.kill('SIGTERM');

    const probe = fanout['realtime-probe'];
    const post = fanout['timeline-post'];
    recordResult('social', {
      bench: 'social', sockets: ready.connected, loadAverage: loadavg().map((load) => Number(load.toFixed(1))),
      fanout: { messagesPerPhase: COUNT, intervalMs: INTERVAL_MS, phases: fanout },
      chat: { pairs: PAIRS, messages: CHAT_MESSAGES, intervalMs: CHAT_INTERVAL_MS, withSockets: chat, baseline: chatBaseline },
      ratio: {
        postP50VsProbe: ratio(post.p50Ms, probe.p50Ms), postP99VsProbe: ratio(post.p99Ms, probe.p99Ms),
        chatP50VsNoSockets: ratio(chat.p50Ms, chatBaseline.p50Ms), chatP99VsNoSockets: ratio(chat.p99Ms, chatBaseline.p99Ms),
        chatCpuVsNoSockets: ratio(chat.serverCpuMsPerMessage, chatBaseline.serverCpuMsPerMessage),
      },
      goal: {
        timelinePost: { p99Ms: GOAL_POST_P99_MS, met: post.p99Ms !== null && post.p99Ms <= GOAL_POST_P99_MS && post.delivered === post.expected },
        chat: { p99Ms: GOAL_CHAT_P99_MS, met: chat.p99Ms !== null && chat.p99Ms <= GOAL_CHAT_P99_MS && chat.delivered === chat.expected },
      },
    });
  } finally {
    stopAll();
    clearTimeout(deadline);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => { say(error.stack ?? String(error)); stopAll(); process.exit(1); });
