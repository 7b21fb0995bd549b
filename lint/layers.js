// @ts-check
// The layer rules: who may import what. Run by `npm run lint` on .ts, .tsx, .astro, .mjs and .js
// files. Each rule names the files it governs (`from`, globs), the imports it forbids
// (`forbids`, a test on the resolved target) and its reason, which is also the lint message.
//
// A target is `{ path }` for our own code (project-relative, `~/` resolved to src/, extension
// dropped: 'src/server/users/user.repository') or `{ pkg }` for a package ('kysely', 'node:fs').
//
// Infrastructure (src/server/ but not a domain): http/, db/, realtime/, shared/ (stateless helpers
// that belong to no domain: hashing, rate limits, rich-text sanitising, upload files), routes/ (the
// calls' endpoints and their route table: the request's edge, as pages are), and the top-level
// files errors.ts, log.ts, config.ts, app.ts (the composition root) and runtime.ts (the process
// that migrates, seeds and starts the server). Every other folder under src/server/ is a domain.

/** @typedef {{ path?: string, pkg?: string }} Target */
/** @typedef {{ id: string, from: string[], except?: string[], forbids: (to: Target, from: string) => boolean, reason: string }} LayerRule */

const INFRASTRUCTURE_DIRS = ['http', 'db', 'realtime', 'shared', 'routes'];
/** Top-level src/server files a domain may import (the others are runtime entry points). */
const SHARED_SERVER_FILES = ['errors', 'log', 'config', 'app'];

/** @param {Target} to */
const isRepository = (to) => /^src\/server\/.+\.repository$/.test(to.path ?? '');
/** @param {Target} to */
const isDatabase = (to) => to.path === 'src/server/db' || (to.path ?? '').startsWith('src/server/db/');
/** @param {Target} to */
const isKysely = (to) => to.pkg === 'kysely';
/** @param {Target} to */
const isServer = (to) => (to.path ?? '').startsWith('src/server/');

/** The domain folder a path belongs to, or undefined for infrastructure and non-server paths. */
export function domainOf(/** @type {string} */ path) {
  const name = /^src\/server\/([^/]+)\//.exec(path)?.[1];
  return name && !INFRASTRUCTURE_DIRS.includes(name) ? name : undefined;
}

/** What a domain may import from the rest of src/server: see the header. */
function crossesDomain(/** @type {Target} */ to, /** @type {string} */ from) {
  if (!to.path || !isServer(to)) return false;
  const bare = to.path.slice('src/server/'.length);
  const rest = INFRASTRUCTURE_DIRS.includes(bare) ? `${bare}/index` : bare; // '~/server/realtime' is its index
  if (!rest.includes('/')) return !SHARED_SERVER_FILES.includes(rest);
  const other = domainOf(to.path);
  if (other) return other !== domainOf(from) && !to.path.endsWith('.service');
  if (rest.startsWith('realtime/')) return rest !== 'realtime/index';
  return false; // http/ and shared/ are open to all; db/ has its own rules below
}

/** @type {LayerRule[]} */
export const layerRules = [
  {
    id: 'ui-reads-through-services',
    from: ['src/pages/**', 'src/server/routes/**', 'src/components/**', 'src/layouts/**', 'src/islands/**', 'middleware/**'],
    forbids: (to) => isRepository(to) || isDatabase(to) || isKysely(to),
    reason: 'pages, call endpoints, components, layouts, islands and guards load data through a service, never a repository, kysely or src/server/db (STYLE: pages are thin)',
  },
  {
    id: 'islands-stay-in-the-browser',
    from: ['src/islands/**'],
    forbids: isServer,
    reason: 'islands run in the browser and never import src/server; share types through src/contracts',
  },
  {
    id: 'islands-fetch-through-stores',
    from: ['src/islands/**'],
    except: ['src/islands/**/*.store.ts', 'src/islands/http/**'],
    forbids: (to) => to.path === 'src/islands/http/api.client' || to.path === 'src/islands/http/token.client',
    reason: 'an island calls the server through its store (*.store.ts), which owns fetching; components and helpers call store functions (STYLE: islands)',
  },
  {
    id: 'contracts-import-only-packages',
    from: ['src/contracts/**'],
    forbids: (to) => to.path !== undefined && !to.path.startsWith('src/contracts/'),
    reason: 'src/contracts is shared by both sides, so it imports only packages and other contracts',
  },
  {
    id: 'domains-meet-through-services',
    from: ['src/server/**'],
    forbids: (to, from) => domainOf(from) !== undefined && crossesDomain(to, from),
    reason: 'a domain uses another domain only through its *.service.ts; of src/server outside domains it may import http/, shared/, realtime/index, errors, log, config and app',
  },
  {
    id: 'rows-stay-in-repositories',
    from: ['src/server/**'],
    except: ['src/server/**/*.repository.ts'],
    forbids: (to, from) => domainOf(from) !== undefined && isDatabase(to),
    reason: 'only repositories use src/server/db (schema, row values): they return clean records to everyone else',
  },
  {
    id: 'query-builder-in-repositories',
    from: ['**'],
    except: [
      'src/server/**/*.repository.ts',
      'src/server/db/**',
      'src/server/app.ts',
      'src/server/app-console.ts', // the composition root's console part
      'src/server/runtime.ts',
      'scripts/db-migrate.ts',
      'scripts/event-cli.ts',
      'tests/**', // api and unit tests build real databases with their own handle
      'bench/**',
    ],
    forbids: (to) => isKysely(to) || to.path === 'src/server/db/database',
    reason: 'only repositories, src/server/db, migrations and the composition root (app.ts, runtime.ts, migrating scripts) touch kysely or the database handle',
  },
];
