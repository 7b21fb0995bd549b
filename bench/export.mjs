// `npm run bench:export`: a 50,000-answer results export. Starts the built server on a
// temp SQLite DATA_DIR, seeds one event straight into its database (N attendees, one
// multiple-choice poll, one answer each, a results password), logs into results through
// POST /connect/poll, samples the server's idle RSS, then downloads the results table
// (pollResults/{id}/export/3) as XLSX and as CSV while sampling the server's RSS every 20 ms
// from /proc. Prints ONE JSON line: rows/s, wall and server CPU time, bytes, peak RSS and peak
// RSS above idle per format (goal: under 150 MB above idle).
import { scryptSync, randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { ensureBuild } from '../scripts/ensure-build.mjs';
import { recordResult } from './results.mjs';

const N = Number(process.env.N ?? 50_000);
const GOAL_MB = 150;
const slug = `bench-export-${process.pid}`;
const host = `${slug}.localhost`;
const PASSWORD = 'bench-results-password';
const root = fileURLToPath(new URL('..', import.meta.url));

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The platform's stored password format (src/server/shared/password.ts). */
function passwordHash(password) {
  const salt = randomBytes(16);
  const hash = scryptSync(password.normalize('NFKC'), salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 256 * 2 ** 15 * 8 });
  return `scrypt$32768$8$1$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

function seed(file) {
  const db = new DatabaseSync(file);
  const now = new Date().toISOString();
  db.exec('begin');
  const eventId = db.prepare(`insert into events (slug, name, language_id, time_zone, is_active, is_registration_open, start_date, end_date,
    is_two_factor, live_lobby, live_stage, live_web_app, captions, features, branding, updated_at, results_password_hash)
    values (?, ?, '1', 'Europe/Oslo', 1, 0, ?, ?, 0, 1, 1, 0, '{}', '{}', '{}', ?, ?) returning id`).get(slug, 'Export bench', now, now, now, passwordHash(PASSWORD)).id;
  const pollId = db.prepare(`insert into polls (event_id, key, position, title, question, question_type, access_key, is_public_results,
    is_comments_enabled, is_open, is_template, created_at) values (?, 'p', 0, 'Bench poll', 'Which?', 0, ?, 1, 0, 1, 0, ?) returning id`).get(eventId, `${slug}-poll`, now).id;
  const alternatives = [0, 1, 2, 3].map((i) => db.prepare('insert into poll_alternatives (poll_id, position, text, is_correct) values (?, ?, ?, 0) returning id').get(pollId, i, `Choice ${i + 1}`).id);
  const user = db.prepare(`insert into users (event_id, email, first_name, last_name, calculated_fields, is_hidden, is_organiser, created_at)
    values (?, ?, ?, ?, '{}', 0, 0, ?) returning id`);
  const answer = db.prepare('insert into poll_answers (poll_id, user_id, comment, created_at) values (?, ?, ?, ?) returning id');
  const choice = db.prepare('insert into poll_answer_choices (answer_id, alternative_id) values (?, ?)');
  const counts = [0, 0, 0, 0];
  for (let i = 0; i < N; i += 1) {
    const userId = user.get(eventId, `bench${i}@export.test`, `First${i}`, `Last${String(i).padStart(6, '0')}`, now).id;
    const answerId = answer.get(pollId, userId, i % 10 === 0 ? `=comment ${i}` : null, now).id;
    choice.run(answerId, alternatives[i % 4]);
    counts[i % 4] += 1;
  }
  alternatives.forEach((id, i) => db.prepare('insert into poll_alternative_count_stripes (alternative_id, poll_id, stripe, count) values (?, ?, 0, ?)').run(id, pollId, counts[i]));
  db.prepare('insert into poll_tally_stripes (poll_id, stripe, answer_count, score_sum) values (?, 0, ?, 0)').run(pollId, N);
  db.exec('commit');
  db.close();
  return { eventId, pollId };
}

function startServer(dataDir) {
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: root, stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not listen within 60 s')), 60_000);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.includes('"listening"')) { clearTimeout(timer); resolve({ child, port: JSON.parse(line).port }); }
    });
  });
}

/** A request whose body is only counted, never kept (so the bench's own memory stays flat). */
function fetchCounted(port, method, path, headers = {}, body = '') {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers: { host, 'content-length': Buffer.byteLength(body), ...headers } }, (res) => {
      let bytes = 0;
      let lines = 0;
      let text = '';
      res.on('data', (chunk) => {
        bytes += chunk.length;
        for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
        if (text.length < 2000) text += chunk.toString('utf8');
      });
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes, lines, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** One export on a fresh server (so one format's garbage does not count against the next). */
async function measure(dataDir, format, ids) {
  const { child, port } = await startServer(dataDir);
  try {
    const login = await fetchCounted(port, 'POST', '/connect/poll', { 'content-type': 'application/json' }, JSON.stringify({ password: PASSWORD }));
    if (login.status !== 200) throw new Error(`results login failed: ${login.status} ${login.text}`);
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    await new Promise((r) => setTimeout(r, 1000));
    const idleMb = Math.max(...await Promise.all([0, 1, 2, 3, 4].map((i) => new Promise((r) => setTimeout(() => r(rssMb(child.pid)), i * 100)))));
    let peak = rssMb(child.pid);
    const sampler = setInterval(() => { peak = Math.max(peak, rssMb(child.pid)); }, 20);
    const cpuBefore = cpuMs(child.pid);
    const started = performance.now();
    const res = await fetchCounted(port, 'GET', `/api/liveEvent/${ids.eventId}/pollResults/${ids.pollId}/export/3?format=${format}`, { cookie });
    const wallMs = performance.now() - started;
    clearInterval(sampler);
    const serverCpuMs = cpuMs(child.pid) - cpuBefore;
    peak = Math.max(peak, rssMb(child.pid));
    if (res.status !== 200) throw new Error(`${format} export failed: ${res.status} ${res.text}`);
    // Every participant once (a CSV line per row plus the header): keyset paging lost or repeated none.
    if (format === 'csv' && res.lines !== N + 1) throw new Error(`csv export has ${res.lines - 1} rows, expected ${N}`);
    return {
      rows: N, rowsPerSecond: Math.round(N / (wallMs / 1000)), wallMs: Math.round(wallMs), serverCpuMs, rowsPerServerCpuSecond: Math.round(N / (serverCpuMs / 1000)),
      bytes: res.bytes, fileName: res.headers['x-filename'], idleRssMb: Math.round(idleMb), peakRssMb: Math.round(peak), peakAboveIdleMb: Math.round(peak - idleMb),
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function main() {
  ensureBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'ep-bench-export-'));
  try {
    // The server migrates the new database; then it stops and the seed writes into it.
    const first = await startServer(dataDir);
    first.child.kill('SIGTERM');
    await new Promise((r) => first.child.once('exit', r));
    const seedStart = performance.now();
    const ids = seed(join(dataDir, 'eventplatform.sqlite'));
    const seedMs = Math.round(performance.now() - seedStart);
    const results = {};
    for (const format of (process.env.BENCH_FORMATS ?? 'xlsx,csv').split(',')) results[format] = await measure(dataDir, format, ids);
    const worst = Math.max(...Object.values(results).map((r) => r.peakAboveIdleMb));
    recordResult('export', { bench: 'export', n: N, seedMs, loadAverage: loadavg()[0], ...results, goalAboveIdleMb: GOAL_MB, meetsGoal: worst < GOAL_MB });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => { process.stderr.write(`${error.stack ?? error}\n`); process.exit(1); });
