// What the realtime benchmarks share (realtime-fanout.mjs, social.mjs): server processes, the
// socket-side client process (fanout-client.mjs), CPU and RSS readings, percentiles and a POST
// with an explicit Host header. Every child started here is killed by stopAll().
import { fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
const children = new Set();

export const now = () => performance.timeOrigin + performance.now();
export const say = (text) => process.stderr.write(`[bench] ${text}\n`);
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
}

export function rssKb(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : NaN;
}

/** The p-th percentile of an ascending array, rounded to 0.01 ms; null when empty. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))].toFixed(2));
}

/** CPU time (user + system) the process has used, in ms; counts even when the machine is busy. */
export function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime in 100 Hz ticks
}

/** Spawns a server script and resolves with its port once it prints its 'listening' line. */
export function startProcess(args, extraEnv) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...extraEnv }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.includes('"listening"')) resolve({ child, port: JSON.parse(line).port });
    });
  });
}

/**
 * Forks fanout-client.mjs with `sockets` sockets. `marker` is the text in a frame after which its
 * send time (epoch ms) stands; frames without it are not counted. With `sessionToken` every socket
 * carries that attendee's session cookie (members-only events such as the timeline's need one).
 */
export function startClient(url, host, sockets, marker = '"sentAt":', sessionToken = undefined) {
  const child = fork(fileURLToPath(new URL('fanout-client.mjs', import.meta.url)), [JSON.stringify({ url, host, sockets, marker, sessionToken })], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.add(child);
  const waitFor = (type) => new Promise((resolve) => {
    const listener = (message) => { if (message.type === type) { child.off('message', listener); resolve(message); } };
    child.on('message', listener);
  });
  return {
    child,
    ready: waitFor('ready'),
    /** Starts counting `count` deliveries (or until `timeoutMs`), of frames with `marker` when given; `result` resolves with the figures. */
    async expect(count, timeoutMs, marker) {
      const result = waitFor('result');
      const expecting = waitFor('expecting');
      child.send({ type: 'expect', count, timeoutMs, marker });
      await expecting;
      return { result };
    },
  };
}

/** POST with an explicit Host header (fetch forbids setting one); resolves with the JSON answer of an expected status. */
export function postWithHost(port, path, host, body, headers, { status = 202, contentType = 'application/json' } = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', headers: { host, 'content-type': contentType, ...headers } }, (res) => {
      let answer = '';
      res.setEncoding('utf8').on('data', (chunk) => { answer += chunk; });
      res.on('end', () => (res.statusCode === status ? resolve(JSON.parse(answer)) : reject(new Error(`${path} answered ${res.statusCode} ${answer}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
}
