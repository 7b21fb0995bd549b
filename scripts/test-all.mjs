// `npm test`: unit tests, type-check and lint side by side, build, API tests (vitest; with
// TEST_STORAGE_DATABASE_URL also the PostgreSQL run beside them), fuzzed requests, then e2e
// (Playwright in Debian Chromium). Stops at the first failing stage and ends with one summary line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild } from './ensure-build.mjs';

const reports = mkdtempSync(join(tmpdir(), 'ep-test-'));
const node = process.execPath;
const bin = (pkg, file) => join('node_modules', pkg, file);
let passed = 0;
let failed = 0;
let skipped = 0;

/** Seconds each stage took, printed at the end: where the run's time goes (CI's budget is ~15 minutes). */
const stageSeconds = [];

/** Notes a stage's seconds under its name without the parenthesised detail. */
const noteStage = (name, seconds) => stageSeconds.push(`${name.replace(/ \(.*$/, '')} ${Math.round(seconds)} s`);
const childEnv = (env = {}) => ({ ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env });

function timed(name, work) {
  const started = performance.now();
  const result = work();
  noteStage(name, (performance.now() - started) / 1000);
  return result;
}

function run(name, args, env = {}) {
  process.stdout.write(`\n── ${name} ──\n`);
  const result = timed(name, () => spawnSync(node, args, { stdio: 'inherit', env: childEnv(env) }));
  return result.status === 0;
}

/**
 * Runs stages side by side (none keeps both cores busy alone: the checks are mostly one core each,
 * the vitest runs wait on servers, databases and timers) and prints each one's output whole once
 * all are done, in the order given. True when every one passed.
 */
async function runTogether(checks) {
  const started = performance.now();
  const results = await Promise.all(checks.map(({ name, args, env = {} }) => new Promise((resolve) => {
    const chunks = [];
    const child = spawn(node, args, { stdio: ['ignore', 'pipe', 'pipe'], env: childEnv({ FORCE_COLOR: '1', ...env }) });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code) => resolve({ name, ok: code === 0, output: Buffer.concat(chunks), seconds: (performance.now() - started) / 1000 }));
  })));
  for (const { name, ok, output, seconds } of results) {
    process.stdout.write(`\n── ${name} ──\n`);
    process.stdout.write(output);
    if (!ok) process.stdout.write(`── ${name} failed ──\n`);
    noteStage(name, seconds);
  }
  return results.every((r) => r.ok);
}

function finish(ok) {
  process.stdout.write(`\nstages: ${stageSeconds.join(', ')}\n`);
  const why = `${process.env['TEST_REDIS_URL'] ? '' : 'no Redis: the multi-node tests; '}PostgreSQL-only tests; e2e tests meant for one width`;
  process.stdout.write(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped (${why})` : ''}\n`);
  process.exit(ok ? 0 : 1);
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
}

/**
 * The e2e stage runs in Debian's Chromium headless shell (package chromium-headless-shell;
 * Playwright's own download cannot run here). As root it is installed now; otherwise the run
 * stops at once and names the command, rather than after the other stages.
 */
function ensureChromium() {
  const chromium = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium-headless-shell';
  if (existsSync(chromium)) return;
  if (process.getuid?.() !== 0) {
    process.stderr.write(`Chromium is missing at ${chromium}: install it with \`sudo apt-get install -y chromium-headless-shell\` (or set CHROMIUM_PATH), then run npm test again.\n`);
    process.exit(1);
  }
  process.stdout.write(`── installing Chromium (apt-get install -y chromium-headless-shell) ──\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], { stdio: 'inherit', env });
  if (install.status !== 0 || !existsSync(chromium)) {
    process.stderr.write('Installing Chromium failed: run `apt-get install -y chromium-headless-shell` and look at its output.\n');
    process.exit(1);
  }
}

/**
 * The multi-node tests need Redis (TEST_REDIS_URL). When it is unset and Redis answers on its
 * default address, they run against that rather than being skipped on a machine that has Redis.
 */
async function redisOnDefaultAddress() {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: 6379 });
    const done = (answer) => { socket.destroy(); resolve(answer); };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

ensureChromium();
if (!process.env['TEST_REDIS_URL'] && await redisOnDefaultAddress()) process.env['TEST_REDIS_URL'] = 'redis://127.0.0.1:6379';
process.stdout.write(process.env['TEST_REDIS_URL']
  ? `── multi-node tests on Redis at ${process.env['TEST_REDIS_URL']} ──\n`
  : '── Redis does not answer on 127.0.0.1:6379 and TEST_REDIS_URL is unset: the multi-node tests are skipped ──\n');

/** A vitest project's run, with a JSON report for the closing line. */
const vitest = (project, report) => [bin('vitest', 'vitest.mjs'), 'run', ...[project].flat().flatMap((name) => ['--project', name]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];

// Unit tests need no build: a logic error stops the run before the slow stages. They wait more
// than they compute (about one core of two), so they run beside the type-check and lint.
const unitReport = join(reports, 'unit.json');
const firstChecks = [
  { name: 'unit tests (vitest)', args: vitest(['unit', 'unit-mocks'], unitReport) },
  // astro check type-checks every file tsconfig.json includes (.ts of src, tests, scripts and bench
  // as well as .astro), so tsc on that config only repeated it; the service worker has its own config.
  { name: 'type-check (astro check)', args: [bin('astro', 'bin/astro.mjs'), 'check'] },
  { name: 'type-check (tsc, service worker)', args: [bin('typescript', 'bin/tsc'), '--noEmit', '-p', 'src/sw/worker/tsconfig.json'] },
  { name: 'lint (eslint)', args: [bin('eslint', 'bin/eslint.js'), '--max-warnings', '0', '.'] },
];
const firstOk = await runTogether(firstChecks);
countVitest(unitReport);
if (!firstOk) finish(false);
process.stdout.write('\n── build ──\n');
timed('build', ensureBuild);

// Every API file on SQLite. With TEST_STORAGE_DATABASE_URL (.ci/run) the files where the database
// matters also run on PostgreSQL (project api-storage, docs/testing.md), beside them: both runs
// wait on their servers and databases more than they compute.
const apiReport = join(reports, 'api.json');
const apiRuns = [{ name: 'API tests (vitest, SQLite)', args: vitest('api', apiReport) }];
const storageUrl = process.env['TEST_STORAGE_DATABASE_URL'];
const storageReport = join(reports, 'api-storage.json');
if (storageUrl) {
  apiRuns.push({ name: 'API tests where the database matters (vitest, PostgreSQL)', args: vitest('api-storage', storageReport), env: { TEST_DATABASE_URL: storageUrl } });
}
const apiOk = apiRuns.length > 1 ? await runTogether(apiRuns) : run(apiRuns[0].name, apiRuns[0].args);
countVitest(apiReport);
countVitest(storageReport);
if (!apiOk) finish(false);

// Generated malformed requests on every route; `npm run test:fuzz` sends 10,000.
const fuzzReport = join(reports, 'fuzz.json');
const fuzzOk = run('fuzzed requests (fast-check, FUZZ_RUNS=1000)', [bin('vitest', 'vitest.mjs'), 'run', '--project', 'fuzz', '--reporter=default', '--reporter=json', `--outputFile.json=${fuzzReport}`], { FUZZ_RUNS: process.env['FUZZ_RUNS'] ?? '1000' });
countVitest(fuzzReport);
if (!fuzzOk) finish(false);

const playwrightReport = join(reports, 'playwright.json');
const e2eOk = run('end-to-end tests (Playwright, Chromium)', [bin('@playwright/test', 'cli.js'), 'test'], { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport, PLAYWRIGHT_JSON_REPORT: '1' });
countPlaywright(playwrightReport);
finish(e2eOk);
