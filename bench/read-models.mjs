// Read models: loads the pages and calls that read an event's agenda, speakers,
// sponsors and lobby, on the built server with the demo event, and the same bytes from a bare
// node:http server in the same run. One JSON line per path: req/s, p50, p99, ratio to the bare
// server, and CPU time per request of each (from /proc: it holds on a busy shared machine, where
// req/s mostly measures the neighbours); cpuRatio = bare CPU per request / ours. PATHS=/a,/b narrows the list; SECONDS sets each measurement's length (default 5).
// BEFORE_DIR=<checkout with a build> also loads that server (e.g. /work/main) in the same run,
// so each line carries before and after figures against the same baseline.
// BENCH_CPU_PROF=<dir> writes a CPU profile of the server (node --cpu-prof) there.
// Loopback only; every child is killed at the end.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { URLSearchParams } from 'node:url';
import { join } from 'node:path';
import { cpuMs, percentile, say, startProcess, stopAll } from './bench-kit.mjs';
import { recordResult } from './results.mjs';

const SECONDS = Number(process.env['SECONDS_EACH'] ?? 5);
const CONNECTIONS = Number(process.env['CONNECTIONS'] ?? 32);
const HOST = 'demo.localhost';

// [path, signed in]: the pages of the table and the JSON calls the lobby, stage and web app make.
const ALL = [
  ['/agendaIframe', false], ['/speakersIframe', false], ['/api/liveEvent/publicEventInfo/1', false],
  ['/api/liveEvent/1/liveGetIframeAgendaInfo', false],
  ['/login', false], ['/', true], ['/stage', true], ['/webapp', true], ['/sponsor/1', true],
  ['/api/liveEvent/1/liveGetAgendaInfo', true], ['/api/liveEvent/1/liveGetAgendaInfo/bookedSessions', true],
  ['/api/liveEvent/1/liveGetSpeakerInfo', true], ['/api/liveEvent/1/sponsors', true],
  ['/api/liveEvent/1/getInfoPages?platform=digital', true], ['/api/liveEvent/1/getOwnUserInfoFromSession', true],
  ['/api/liveEvent/getEventInfo', true],
];
const only = process.env['PATHS']?.split(',');
const paths = only ? ALL.filter(([p]) => only.includes(p)) : ALL;

function get(port, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: `${HOST}:${port}`, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c)).on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function signIn(port) {
  const body = new URLSearchParams({ grant_type: 'password', eventId: '1', username: 'attendee@demo.test', password: 'demo-attendee-1' }).toString();
  const answer = await new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/connect/token', method: 'POST', headers: {
      host: `${HOST}:${port}`, 'content-type': 'application/x-www-form-urlencoded', origin: `http://${HOST}:${port}`,
    } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c) => { text += c; }).on('end', () => resolve({ status: res.statusCode, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${answer.text}`);
  return JSON.parse(answer.text).access_token;
}

/** CONNECTIONS keep-alive loops for SECONDS; latencies in ms, and the server's CPU ms per request. */
async function load({ port, child }, path, headers) {
  const cpuBefore = cpuMs(child.pid);
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies = [];
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  const one = () => new Promise((resolve) => {
    const started = performance.now();
    const req = request({ host: '127.0.0.1', port, path, agent, headers: { host: `${HOST}:${port}`, ...headers } }, (res) => {
      res.on('data', () => {}).on('end', () => {
        if (res.statusCode !== 200) errors += 1;
        latencies.push(performance.now() - started);
        resolve();
      });
    });
    req.on('error', () => { errors += 1; resolve(); });
    req.end();
  });
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, async () => { while (performance.now() < until) await one(); }));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const cpuPerRequest = (cpuMs(child.pid) - cpuBefore) / Math.max(1, latencies.length);
  return { rps: Math.round(latencies.length / elapsed), p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors, cpuPerRequest };
}

const dataDir = mkdtempSync(join(tmpdir(), 'ep-bench-rm-'));
const beforeDataDir = process.env['BEFORE_DIR'] ? mkdtempSync(join(tmpdir(), 'ep-bench-rm-before-')) : undefined;
try {
  const profileDir = process.env['BENCH_CPU_PROF'];
  const serverArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, 'server.mjs'] : ['server.mjs'];
  const server = await startProcess(serverArgs, { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const token = await signIn(server.port);
  const cookie = { cookie: `ep_session=${token}` };
  const beforeDir = process.env['BEFORE_DIR'];
  const before = beforeDir ? await startProcess([join(beforeDir, 'server.mjs')], { PORT: '0', HOST: '127.0.0.1', DATA_DIR: beforeDataDir, LOG_LEVEL: 'warn' }) : undefined;
  const beforeCookie = before ? { cookie: `ep_session=${await signIn(before.port)}` } : undefined;
  // The bytes each path answers, served from memory by the bare server.
  const samples = {};
  for (const [path, signedIn] of paths) {
    const answer = await get(server.port, path, signedIn ? cookie : {});
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    samples[path] = { type: answer.headers['content-type'], base64: answer.body.toString('base64') };
  }
  const samplesFile = join(dataDir, 'samples.json');
  writeFileSync(samplesFile, JSON.stringify(samples));
  const baseline = await startProcess(['bench/baseline-server.mjs'], { BASELINE_BODIES: samplesFile });
  for (const [path, signedIn] of paths) {
    const headers = signedIn ? cookie : {};
    await load(server, path, headers); // warm-up: first builds, JIT
    const ours = await load(server, path, headers);
    const bare = await load(baseline, path, {});
    let was;
    if (before) {
      await load(before, path, signedIn ? beforeCookie : {});
      was = await load(before, path, signedIn ? beforeCookie : {});
    }
    recordResult('read-models', {
      path, signedIn, bytes: Buffer.from(samples[path].base64, 'base64').length, connections: CONNECTIONS,
      rps: ours.rps, p50: ours.p50, p99: ours.p99, errors: ours.errors,
      baselineRps: bare.rps, baselineP99: bare.p99, ratio: Number((ours.rps / bare.rps).toFixed(3)),
      cpuMsPerRequest: Number(ours.cpuPerRequest.toFixed(3)), baselineCpuMsPerRequest: Number(bare.cpuPerRequest.toFixed(3)),
      cpuRatio: Number((bare.cpuPerRequest / ours.cpuPerRequest).toFixed(3)),
      ...(was ? {
        beforeRps: was.rps, beforeP99: was.p99, beforeErrors: was.errors, beforeRatio: Number((was.rps / bare.rps).toFixed(3)),
        beforeCpuMsPerRequest: Number(was.cpuPerRequest.toFixed(3)), beforeCpuRatio: Number((bare.cpuPerRequest / was.cpuPerRequest).toFixed(3)),
      } : {}),
    });
  }
  if (profileDir) {
    // The profile is written when the server exits on its own (SIGTERM), not when it is killed.
    server.child.removeAllListeners('exit');
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
  }
} catch (error) {
  say(String(error instanceof Error ? error.stack : error));
  process.exitCode = 1;
} finally {
  stopAll();
  rmSync(dataDir, { recursive: true, force: true });
  if (beforeDataDir) rmSync(beforeDataDir, { recursive: true, force: true });
}
