// Builds the site when dist/ is missing or older than its sources, so `npm start` and the
// test suites always run what the working tree says. Uses the pinned Node of this package.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['src', 'locales', 'public', 'middleware', 'astro.config.mjs', 'package.json'];

function newest(path) {
  let info;
  try { info = statSync(path); } catch { return 0; }
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = info.mtimeMs;
  for (const name of readdirSync(path)) latest = Math.max(latest, newest(join(path, name)));
  return latest;
}

export function needsBuild() {
  let built;
  try { built = statSync(join(root, 'dist/server/runtime.mjs')).mtimeMs; } catch { return true; }
  return SOURCES.some((source) => newest(join(root, source)) > built);
}

export function ensureBuild({ quiet = false } = {}) {
  if (!needsBuild()) return;
  if (!quiet) process.stdout.write('Building the site (sources changed since the last build)…\n');
  const astro = join(root, 'node_modules/astro/bin/astro.mjs');
  const result = spawnSync(process.execPath, [astro, 'build'], {
    // Always a production build: started from vitest (NODE_ENV=test) the JSX came out for React's
    // development runtime, and `npm start` then served 500s (jsxDEV is not a function) from it.
    cwd: root, stdio: quiet ? 'pipe' : 'inherit', env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(String(result.stdout) + String(result.stderr));
    throw new Error('astro build failed');
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureBuild();
