// A benchmark's result line: printed on stdout (one JSON line, as every bench promises) and appended
// to bench/results/<bench>.jsonl with when, on which commit and under what load it was measured.
// Those files are the measurement history; docs/performance.md shows only the latest figures.
// BENCH_RECORD=0 prints without recording (a trial run, a build that is not the checkout's).
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));

function commit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: fileURLToPath(new URL('.', import.meta.url)), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** Prints `line` as one JSON line and records it under `bench` (the file name in bench/results/). */
export function recordResult(bench, line) {
  process.stdout.write(JSON.stringify(line) + '\n');
  if (process.env['BENCH_RECORD'] === '0') return;
  const record = { at: new Date().toISOString(), commit: commit(), loadAverage: loadavg().map((x) => Number(x.toFixed(2))), ...line };
  mkdirSync(resultsDir, { recursive: true });
  appendFileSync(`${resultsDir}${bench}.jsonl`, JSON.stringify(record) + '\n');
}
