// Cold start: time from spawning the built server to the first answered request, on an empty
// data directory (migrate + seed the demo) and on an existing one (migrations are a no-op).
// Prints one JSON line with the median of RUNS starts each. Loopback only; bounded.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild } from '../scripts/ensure-build.mjs';
import { recordResult } from './results.mjs';

const RUNS = Number(process.env['RUNS'] ?? 5);
const root = new URL('..', import.meta.url);

function get(port, path) {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: `demo.localhost:${port}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

async function startOnce(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: root, env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start in 60 s')), 60_000);
    let buffer = '';
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const match = /"listening","port":(\d+)/.exec(buffer);
      if (match) { clearTimeout(timer); resolve(Number(match[1])); }
    });
  });
  const status = await get(port, '/login');
  const firstRequestMs = performance.now() - started;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  if (status !== 200) throw new Error(`first request answered ${status}`);
  return firstRequestMs;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

ensureBuild({ quiet: true });
const empty = [];
const existing = [];
for (let i = 0; i < RUNS; i += 1) {
  const dir = mkdtempSync(join(tmpdir(), 'ep-cold-'));
  empty.push(await startOnce(dir));
  existing.push(await startOnce(dir));
  rmSync(dir, { recursive: true, force: true });
}
recordResult('cold-start', {
  bench: 'cold-start', runs: RUNS, node: process.version,
  emptyDataDirMs: Math.round(median(empty)), existingDataDirMs: Math.round(median(existing)),
  note: 'spawn -> first 200 on /login; empty = migrate + seed demo',
});
