// `npm run bench:http`: every page and call at the speed of the machine. Starts the
// built server (server.mjs, as `npm run serve` does) on a temp DATA_DIR with the seeded demo, and
// the bare node:http yardstick (bench/baseline-server.mjs with BASELINE_BODIES) in the same run;
// signs in as the demo attendee, and as the demo organiser for the paths marked `as: 'organiser'`
// (the console); loads each path with BENCH_CONNECTIONS keep-alive connections for
// BENCH_DURATION_S seconds (bench/http-load.mjs, its own process). Prints one JSON line per
// path and a summary line with the goals. Needs `npm run build` (it builds only when dist/
// is missing). Loopback only, bounded: about 2.5 minutes with the defaults.
//
// Baseline: per path. Each path's body is fetched once (uncompressed, signed in where the path
// needs it); the baseline server serves every such body from memory, and is loaded with a path's
// own bytes just before that path, so both see the same moment of a shared machine. A path's
// ratio is its req/s over its baseline's (variants of a path share its baseline). On a busy
// machine throughput follows the neighbours' load; `cpuRatio` (baseline CPU ms per answer over the
// server's, from /proc) follows only the work each answer costs, so it is the steadier figure.
//
// Settings: BENCH_PATHS (comma list; a path runs when it contains one of them, e.g.
// "Iframe,healthz"), BENCH_ROUNDS (1: rounds per path, each the baseline then the path; a line is
// the median round, e.g. 5 to tell a goal's line from one noisy second), BENCH_DURATION_S (2), BENCH_WARMUP_S (0.3), BENCH_CONNECTIONS (32),
// BENCH_ENCODING (1: also the paths marked `encoding` with `accept-encoding: gzip, br`, as browsers
// send; 0: none; default 1), BENCH_REVALIDATE (1: also each path that sends an ETag, with its
// If-None-Match; default 1), BENCH_SERVER_ROOT (a directory holding another build's server.mjs
// and dist/, to measure it instead: before/after figures).
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, URLSearchParams } from 'node:url';
import { ensureBuild } from '../scripts/ensure-build.mjs';
import { cpuMs, root, say, startProcess, stopAll } from './bench-kit.mjs';
import { recordResult } from './results.mjs';

const DURATION_MS = Number(process.env['BENCH_DURATION_S'] ?? 2) * 1000;
const WARMUP_MS = Number(process.env['BENCH_WARMUP_S'] ?? 0.3) * 1000;
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 32);
const ENCODING = process.env['BENCH_ENCODING'] !== '0';
const REVALIDATE = process.env['BENCH_REVALIDATE'] !== '0';
/** Another build to measure (a copy of server.mjs and dist/, e.g. of main), for before/after figures. */
const SERVER_ROOT = process.env['BENCH_SERVER_ROOT'];
/** Rounds per path (baseline, then the path's variants, each round): a line is the median round, so one noisy second does not decide. */
const ROUNDS = Math.max(1, Number(process.env['BENCH_ROUNDS'] ?? 1));
const FILTER = (process.env['BENCH_PATHS'] ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** Public pages and calls, then the signed-in pages and the JSON calls their islands make. */
const PATHS = [
  { path: '/favicon.svg' },
  { path: '/healthz' },
  { path: '/api/liveEvent/publicEventInfo/1', encoding: true, goal: 'public' },
  { path: '/login', encoding: true, goal: 'page' },
  { path: '/agendaIframe', encoding: true, goal: 'iframe' },
  { path: '/speakersIframe', encoding: true, goal: 'iframe' },
  { path: '/api/liveEvent/1/liveGetIframeAgendaInfo', encoding: true, goal: 'public' },
  { path: '/api/liveEvent/1/liveGetIframeSpeakerInfo', goal: 'public' },
  { path: '/', signedIn: true, goal: 'page' },
  { path: '/stage', encoding: true, signedIn: true, goal: 'page' },
  { path: '/webapp', encoding: true, signedIn: true, goal: 'page' },
  { path: '/sponsor/1', encoding: true, signedIn: true },
  { path: '/api/liveEvent/getEventInfo', signedIn: true, goal: 'json' },
  { path: '/api/liveEvent/1/liveGetAgendaInfo', encoding: true, signedIn: true, goal: 'json' },
  { path: '/api/liveEvent/1/liveGetAgendaInfo/bookedSessions', signedIn: true, goal: 'json' },
  { path: '/api/liveEvent/1/liveGetSpeakerInfo', signedIn: true, goal: 'json' },
  { path: '/api/liveEvent/1/getAllTimelineItems?platform=digital', signedIn: true, goal: 'json' },
  { path: '/api/liveEvent/1/getPromotedTimelineItems?platform=digital', signedIn: true, goal: 'json' },
  { path: '/api/liveEvent/1/getInfoPages?platform=digital', signedIn: true, goal: 'json' },
  { path: '/api/liveEvent/1/getOwnUserInfoFromSession', signedIn: true, goal: 'json' },
  { path: '/api/liveEvent/1/users', signedIn: true, goal: 'json' },
  { path: '/api/liveEvent/1/users/online', signedIn: true, goal: 'json' },
  { path: '/api/liveEvent/1/chat', signedIn: true, goal: 'json' },
  { path: '/api/liveEvent/1/user/groups', signedIn: true, goal: 'json' },
  { path: '/console', encoding: true, signedIn: true, as: 'organiser', goal: 'page' },
  { path: '/api/console/live-now', signedIn: true, as: 'organiser', goal: 'json' },
  { path: '/api/console/polls', signedIn: true, as: 'organiser', goal: 'json' },
  { path: '/api/console/timeline', signedIn: true, as: 'organiser', goal: 'json' },
  { path: '/api/console/activity', signedIn: true, as: 'organiser', goal: 'json' },
  { path: '/api/console/stage', signedIn: true, as: 'organiser', goal: 'json' },
  // The console's preparing reads (docs/console.md): one poll as the editor reads it (the demo's first), the programme, the speakers and the sponsors.
  { path: '/api/console/polls/1', signedIn: true, as: 'organiser', goal: 'json' },
  { path: '/api/console/agenda', signedIn: true, as: 'organiser', goal: 'json' },
  { path: '/api/console/speakers', signedIn: true, as: 'organiser', goal: 'json' },
  { path: '/api/console/sponsors', signedIn: true, as: 'organiser', goal: 'json' },
  // The people list with 20,000 attendees imported first (the first page, then a search).
  { path: '/api/console/people', signedIn: true, as: 'organiser', goal: 'json', attendees: 20_000 },
  { path: '/api/console/people?q=guest1999', signedIn: true, as: 'organiser', goal: 'json', attendees: 20_000 },
];
const GOALS = { iframe: 0.5, json: 0.3, page: 0.25 };
const P99_GOAL_MS = 50;

function fetchOnce(port, host, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function postForm(port, host, path, fields, headers = {}) {
  const body = typeof fields === 'string' ? fields : new URLSearchParams(fields).toString();
  const type = typeof fields === 'string' ? 'application/json' : 'application/x-www-form-urlencoded';
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers: { host, 'content-type': type, 'content-length': Buffer.byteLength(body), ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk) => { text += chunk; });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const loaders = new Set();

/** The round whose ratio is the median (the lower middle one of an even count); a round without a ratio sorts first. */
function medianRound(rounds) {
  const sorted = [...rounds].sort((a, b) => (a.ratio ?? -1) - (b.ratio ?? -1));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** load() while reading the serving process's CPU time: ms of CPU per answer (all answers, warm-up and drain too). */
async function measured(pid, ...args) {
  const before = cpuMs(pid);
  const result = await load(...args);
  const cpu = cpuMs(pid) - before;
  return { ...result, cpuMsPerAnswer: result.answers ? Number((cpu / result.answers).toFixed(3)) : null };
}

function load(port, host, path, headers) {
  const child = fork(fileURLToPath(new URL('http-load.mjs', import.meta.url)), [JSON.stringify({ port, host, path, headers, connections: CONNECTIONS, durationMs: DURATION_MS, warmupMs: WARMUP_MS })], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  loaders.add(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => { out += chunk; });
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load for ${path} exited with ${code}`))));
  });
}

if (!SERVER_ROOT && !existsSync(join(root, 'dist/server/runtime.mjs'))) {
  say('dist/ is missing: building first (npm run build)');
  ensureBuild();
}

const dataDir = mkdtempSync(join(tmpdir(), 'ep-bench-http-'));
const bodiesFile = join(dataDir, 'baseline-bodies.json');
const cleanUp = () => {
  stopAll();
  for (const child of loaders) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', cleanUp);
process.on('SIGINT', () => process.exit(130));

try {
  const loadBefore = loadavg().map((n) => Number(n.toFixed(2)));
  const server = await startProcess([SERVER_ROOT ? join(SERVER_ROOT, 'server.mjs') : 'server.mjs'], { PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(dataDir, 'data'), LOG_LEVEL: 'warn', SEED_DEMO: '1' });
  const host = `demo.localhost:${server.port}`;
  const signIn = async (username, password) => {
    const login = await postForm(server.port, host, '/connect/token', { grant_type: 'password', eventId: '1', username, password });
    if (login.status !== 200) throw new Error(`login of ${username} answered ${login.status}: ${login.text}`);
    return { token: JSON.parse(login.text).access_token, cookie: [login.headers['set-cookie'] ?? []].flat().map((c) => c.split(';')[0]).join('; ') };
  };
  const sessions = {
    attendee: await signIn('attendee@demo.test', 'demo-attendee-1'),
    organiser: await signIn('organiser@demo.test', 'demo-organiser-1'),
  };
  const signedInHeaders = (path, as = 'attendee') => (path.startsWith('/api/') ? { authorization: `Bearer ${sessions[as].token}` } : { cookie: sessions[as].cookie });

  const chosen = PATHS.filter(({ path }) => FILTER.length === 0 || FILTER.some((part) => path.includes(part)));
  // The people paths need the attendees first: one CSV through the console's import (docs/performance.md "Attendee import").
  const attendees = Math.max(0, ...chosen.map((entry) => entry.attendees ?? 0));
  if (attendees > 0) {
    const rows = Array.from({ length: attendees }, (_, i) => `guest${i}@bench.test,Guest ${i},Bencher,Company ${i % 500},Analyst`);
    const csv = ['email,firstName,lastName,company,jobTitle', ...rows].join('\r\n');
    const started = performance.now();
    const imported = await postForm(server.port, host, '/api/console/people/import', JSON.stringify({ csv }), { authorization: `Bearer ${sessions.organiser.token}` });
    const last = imported.text.trim().split('\n').at(-1) ?? '';
    if (imported.status !== 200 || !last.includes('"done"')) throw new Error(`the import of ${attendees} attendees answered ${imported.status}: ${last}`);
    say(`imported ${attendees} attendees in ${Math.round(performance.now() - started)} ms (server: ${JSON.parse(last).ms} ms writing)`);
  }
  const targets = [];
  const bodies = {};
  for (const [index, entry] of chosen.entries()) {
    const headers = entry.signedIn ? signedInHeaders(entry.path, entry.as) : {};
    const first = await fetchOnce(server.port, host, entry.path, headers);
    const baselinePath = `/baseline/${index}`;
    bodies[baselinePath] = { type: String(first.headers['content-type'] ?? 'text/html'), base64: first.body.toString('base64') };
    const type = String(first.headers['content-type'] ?? '');
    const variants = [{ variant: 'identity', headers }];
    if (ENCODING && entry.encoding && /html|json/.test(type)) variants.push({ variant: 'gzip, br', headers: { ...headers, 'accept-encoding': 'gzip, br' } });
    if (REVALIDATE && first.headers.etag) variants.push({ variant: 'if-none-match', headers: { ...headers, 'if-none-match': first.headers.etag } });
    targets.push({ ...entry, bytes: first.body.length, baselinePath, variants });
  }
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  const baselineServer = await startProcess(['bench/baseline-server.mjs'], { BASELINE_BODIES: bodiesFile });

  const lines = [];
  for (const target of targets) {
    // Each round loads the baseline with the path's bytes, then each variant, so a round's ratios
    // compare neighbouring seconds; a line gives the median round (by ratio) of each variant.
    const rounds = target.variants.map(() => []);
    for (let round = 0; round < ROUNDS; round += 1) {
      const baseline = await measured(baselineServer.child.pid, baselineServer.port, '127.0.0.1', target.baselinePath, {});
      for (const [index, { headers }] of target.variants.entries()) {
        const result = await measured(server.child.pid, server.port, host, target.path, headers);
        rounds[index].push({
          result, baseline,
          ratio: baseline.reqPerSec > 0 ? Number((result.reqPerSec / baseline.reqPerSec).toFixed(3)) : null,
          cpuRatio: result.cpuMsPerAnswer ? Number((baseline.cpuMsPerAnswer / result.cpuMsPerAnswer).toFixed(3)) : null,
        });
      }
    }
    for (const [index, { variant }] of target.variants.entries()) {
      const { result, baseline, ratio, cpuRatio } = medianRound(rounds[index]);
      const line = {
        bench: 'http', path: target.path, variant, signedIn: Boolean(target.signedIn), ...(target.as ? { as: target.as } : {}),
        reqPerSec: result.reqPerSec, p50Ms: result.p50Ms, p99Ms: result.p99Ms, non2xx: result.non2xx, errors: result.errors,
        ...(result.errors ? { errorMessages: result.errorMessages } : {}),
        bytes: target.bytes, bytesPerAnswer: result.bytesPerAnswer,
        ratio, cpuMsPerAnswer: result.cpuMsPerAnswer, cpuRatio,
        ...(ROUNDS > 1 ? { rounds: rounds[index].map((r) => r.ratio) } : {}),
        baseline: { per: 'path, its own bytes, measured just before it', reqPerSec: baseline.reqPerSec, p50Ms: baseline.p50Ms, p99Ms: baseline.p99Ms, cpuMsPerAnswer: baseline.cpuMsPerAnswer },
      };
      lines.push({ ...line, goal: target.goal });
      recordResult('http', line);
    }
  }
  baselineServer.child.kill('SIGTERM');

  const identity = lines.filter((l) => l.variant === 'identity');
  const goal = (kind) => {
    const rows = identity.filter((l) => l.goal === kind);
    return { min: GOALS[kind], met: rows.length > 0 && rows.every((l) => l.ratio >= GOALS[kind] && l.non2xx === 0), worst: rows.length ? Math.min(...rows.map((l) => l.ratio)) : null, paths: rows.filter((l) => l.ratio < GOALS[kind]).map((l) => l.path) };
  };
  const slow = identity.filter((l) => l.p99Ms === null || l.p99Ms >= P99_GOAL_MS);
  recordResult('http', {
    bench: 'http', summary: true, server: SERVER_ROOT ?? 'this worktree', connections: CONNECTIONS, durationS: DURATION_MS / 1000, rounds: ROUNDS, loadAverage: { before: loadBefore, after: loadavg().map((n) => Number(n.toFixed(2))) },
    goals: {
      iframePages: goal('iframe'), signedInJson: goal('json'), pages: goal('page'),
      p99: { maxMs: P99_GOAL_MS, met: slow.length === 0, paths: slow.map((l) => l.path) },
    },
    non2xx: identity.filter((l) => l.non2xx > 0).map((l) => l.path),
  });
} finally {
  cleanUp();
}
