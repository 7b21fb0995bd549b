/**
 * Presence at event scale (docs/presence.md): BENCH_USERS (10,000) attendees arrive on node B
 * within about 2 s while node A watches, then single arrivals one at a time. Two presence nodes
 * in this process over Redis (BENCH_REDIS_URL or REDIS_URL) or, without one, one node over the
 * memory store. Measures what one watching socket receives (frames, bytes), how long after the
 * last arrival node A knows everyone, the latency of an arrival after a quiet spell, and CPU time. Prints one JSON line.
 * Run: npx tsx bench/presence.ts   (npm run bench:presence)
 */
import { createMemoryPresenceStore } from '../src/server/presence/memory-presence-store';
import { createPresence } from '../src/server/presence/presence.service';
import { createRedisPresenceStore } from '../src/server/presence/redis-presence-store';
import type { PresenceStore } from '../src/server/presence/presence-store';
import type { MembershipListener } from '../src/server/realtime/index';
import { recordResult } from './results.mjs';

const USERS = Number(process.env['BENCH_USERS'] ?? 10_000);
const COALESCE_MS = Number(process.env['BENCH_COALESCE_MS'] ?? 1000);
const REDIS_URL = process.env['BENCH_REDIS_URL'] ?? process.env['REDIS_URL'];
const EVENT = 1;
const prefix = `ep-bench-presence-${process.pid}:`;

function node(store: PresenceStore) {
  let listener: MembershipListener = () => undefined;
  const frames: { at: number; bytes: number; online: number[]; offline: number[] }[] = [];
  const presence = createPresence({
    realtime: {
      onMembership: (next) => { listener = next; return () => undefined; },
      deliverLocally: (_eventId, _name, data) => {
        const change = data as { online: number[]; offline: number[] };
        frames.push({ at: performance.now(), bytes: Buffer.byteLength(JSON.stringify({ type: 'event', name: 'online-users-change', data })), ...change });
      },
    },
    store, graceMs: 30_000, refreshMs: 10_000, coalesceMs: COALESCE_MS,
    visibleAmong: (_eventId, ids) => Promise.resolve(ids),
    onError: (error) => { throw error; },
  });
  return { presence, frames, join: (userId: number) => listener(EVENT, userId, true) };
}

const storeFor = () => (REDIS_URL ? createRedisPresenceStore({ url: REDIS_URL, prefix, ttlMs: 30_000 }) : createMemoryPresenceStore());
const watcher = node(storeFor());
const arrivals = REDIS_URL ? node(storeFor()) : watcher;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > end) throw new Error('timed out');
    await sleep(5);
  }
}

try {
  await watcher.presence.onlineUserIds(EVENT);
  await arrivals.presence.onlineUserIds(EVENT);
  await sleep(100);

  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const batch = Math.ceil(USERS / 20);
  for (let i = 0; i < USERS; i++) {
    arrivals.join(1000 + i);
    if ((i + 1) % batch === 0) await sleep(100);
  }
  const lastJoin = performance.now();
  await until(async () => (await watcher.presence.onlineUserIds(EVENT)).length === USERS);
  const known = performance.now();
  await until(() => watcher.frames.reduce((n, f) => n + f.online.length, 0) >= USERS);
  const cpu = process.cpuUsage(cpuBefore);
  const burstFrames = watcher.frames.length;
  const burstBytes = watcher.frames.reduce((n, f) => n + f.bytes, 0);

  const latencies: number[] = [];
  // Arrivals after a quiet spell (the leading edge): spaced wider than the coalescing window.
  for (let i = 0; i < 10; i++) {
    await sleep(COALESCE_MS + 50);
    const seen = watcher.frames.length;
    const at = performance.now();
    arrivals.join(900_000 + i);
    await until(() => watcher.frames.length > seen);
    latencies.push(watcher.frames[watcher.frames.length - 1]!.at - at);
  }

  recordResult('presence', {
    bench: 'presence', store: REDIS_URL ? 'redis, two nodes' : 'memory, one node', users: USERS, coalesceMs: COALESCE_MS,
    arrivalSpreadMs: Math.round(lastJoin - started),
    allKnownOnWatcherMsAfterLastArrival: Math.round(known - lastJoin),
    framesPerSocketDuringArrival: burstFrames, bytesPerSocketDuringArrival: burstBytes,
    wholeListFrameBytes: Buffer.byteLength(JSON.stringify({ online: Array.from({ length: USERS }, (_, i) => 1000 + i) })),
    cpuMsDuringArrival: Math.round((cpu.user + cpu.system) / 1000),
    quietArrivalP50Ms: Math.round(percentile(latencies, 0.5)), quietArrivalMaxMs: Math.round(Math.max(...latencies)),
  });;
} finally {
  await watcher.presence.close();
  if (arrivals !== watcher) await arrivals.presence.close();
}
