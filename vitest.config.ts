import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const alias = { '~': fileURLToPath(new URL('./src', import.meta.url)) };

/**
 * API test files whose subject is not the storage: HTTP answers and headers, caches, limits kept
 * in memory or Redis, sockets, mail delivery. They run once, on SQLite (`npm test`); every other
 * file also runs on PostgreSQL in `.ci/run` (project `api-storage`, docs/testing.md). A new file
 * runs on both unless it is named here.
 */
const ONCE_ON_SQLITE = [
  'address-limits', 'delivery-smtp', 'fallback', 'http-cache', 'limits-redis', 'manifest', 'member-answers',
  'member-pages', 'ops-metrics', 'page-cache', 'page-meta', 'realtime', 'realtime-abuse', 'realtime-audience',
  'results-login-limits', 'router-contract', 'security-cross-site', 'security-headers', 'security-limits',
  'sponsor-page', 'storage-faults-disk', 'webapp-page',
].map((name) => `tests/api/${name}.test.ts`);
// A renamed or moved file would otherwise run on both databases again without anyone noticing.
const missing = ONCE_ON_SQLITE.filter((file) => !existsSync(fileURLToPath(new URL(file, import.meta.url))));
if (missing.length > 0) throw new Error(`vitest.config.ts names API test files that do not exist: ${missing.join(', ')}`);

/**
 * Unit test files that replace a module (`vi.mock`). The other unit files share one module cache
 * per worker (`isolate: false`: 40 s against 82 s for the unit stage, a third of its CPU), where a
 * replaced module would leak into, or be missed by, the files after it; these get a fresh one each.
 */
const UNIT_DIR = fileURLToPath(new URL('./tests/unit/', import.meta.url));
const REPLACING_MODULES = readdirSync(UNIT_DIR, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts') && /\bvi\.(do)?mock\(/.test(readFileSync(`${UNIT_DIR}${file}`, 'utf8')))
  .map((file) => `tests/unit/${file}`);

const api: TestProjectInlineConfiguration['test'] = {
  environment: 'node',
  globalSetup: ['tests/api/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Files share a server per worker (tests/api/server-pool.ts); two cores allow two files at once.
  maxWorkers: 2,
  // A worker runs its files one after another in one process: the files' own imports (vitest,
  // pg, ws, sharp, the helpers) are loaded once per worker, not once per file. A file keeps no
  // state outside its servers and events, which it makes with unique slugs.
  isolate: false,
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      // Globals a test stubs are put back after it, so none reaches the next file.
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], exclude: REPLACING_MODULES, environment: 'node', isolate: false, unstubGlobals: true } },
      { resolve: { alias }, test: { name: 'unit-mocks', include: REPLACING_MODULES, environment: 'node' } },
      { resolve: { alias }, test: { name: 'api', include: ['tests/api/**/*.test.ts'], ...api } },
      // The files where the database matters, for the PostgreSQL run of `.ci/run`.
      { resolve: { alias }, test: { name: 'api-storage', include: ['tests/api/**/*.test.ts'], exclude: ONCE_ON_SQLITE, ...api } },
      {
        // `npm run test:fuzz` (10,000 requests) and a 1,000-request stage of `npm test` (FUZZ_RUNS).
        resolve: { alias },
        test: {
          name: 'fuzz',
          include: ['tests/fuzz/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 200_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
