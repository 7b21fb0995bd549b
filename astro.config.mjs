// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { serviceWorker } from './src/sw/build.ts';
import { hydrateAfterLoad } from './src/islands/hydration/after-load.integration.ts';

const runtimeEntry = fileURLToPath(new URL('./src/server/runtime.ts', import.meta.url));

/**
 * The server runtime (migrations, seed, realtime WebSocket) is TypeScript that shares
 * modules with the pages (database, broker). Emitting it as its own chunk of the server
 * build lets server.mjs import it while Rollup keeps one copy of every shared module.
 * @returns {import('vite').Plugin}
 */
function serverRuntimeChunk() {
  return {
    name: 'eventplatform:server-runtime-chunk',
    apply: 'build',
    buildStart() {
      if (this.environment?.config.consumer !== 'server') return;
      this.emitFile({ type: 'chunk', id: runtimeEntry, fileName: 'runtime.mjs' });
    },
  };
}

/**
 * `npm run dev` runs what production runs (docs/request-path.md): the same runtime attaches to
 * Vite's HTTP server (/realtime), and every request passes the same edge as in server.mjs before
 * Vite's own steps (modules, public files) and Astro's pages. Both are loaded through the module
 * runner Astro renders pages with, so the edge, the router and the pages share one app.
 * @returns {import('astro').AstroIntegration}
 */
function devRuntime() {
  return {
    name: 'eventplatform:dev-runtime',
    hooks: {
      'astro:server:setup': async ({ server }) => {
        const httpServer = server.httpServer;
        if (!httpServer) return; // vitest and other middleware-only hosts have none
        const environment = /** @type {import('vite').RunnableDevEnvironment} */ (server.environments.ssr);
        /** @returns {Promise<any>} */
        const runtime = () => environment.runner.import(runtimeEntry);
        await (await runtime()).startRuntime(httpServer);
        /** @type {WeakMap<object, { handle: (req: any, res: any) => void }>} edges by the runtime module they came from (a change reloads it) */
        const edges = new WeakMap();
        /** @type {WeakMap<object, () => void>} */
        const nexts = new WeakMap();
        const locals = Symbol.for('astro.locals');
        server.middlewares.use((req, res, next) => {
          runtime().then((module) => {
            let edge = edges.get(module);
            if (!edge) {
              edge = module.createEdge({
                pages: (/** @type {any} */ request, /** @type {any} */ _response, /** @type {object} */ requestLocals) => {
                  Reflect.set(request, locals, requestLocals);
                  nexts.get(request)?.();
                },
              });
              edges.set(module, edge);
            }
            nexts.set(req, next);
            edge.handle(req, res);
          }, next);
        });
      },
    },
  };
}

/**
 * At build, the client's compressible files get their .br and .gz beside them (static-files.ts).
 * @returns {import('astro').AstroIntegration}
 */
function precompressStatic() {
  return {
    name: 'eventplatform:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const { precompress } = await import('./src/server/http/static-files.ts');
        logger.info(`precompressed ${await precompress(fileURLToPath(dir))} files`);
      },
    },
  };
}

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), devRuntime(), serviceWorker(), hydrateAfterLoad(), precompressStatic()],
  // Sessions would default to files under node_modules; our auth keeps its own tokens.
  session: false,
  // Our auth guard checks Origin on cookie-authenticated writes; API clients use Bearer tokens
  // and send no Origin, which Astro's own check would refuse.
  security: { checkOrigin: false },
  // Pages are not language-prefixed: the event decides the language (see README, i18n).
  i18n: { locales: ['en', 'nb'], defaultLocale: 'en', routing: 'manual' },
  server: { port: Number(process.env['PORT'] ?? 4321), host: true },
  devToolbar: { enabled: false },
  build: { inlineStylesheets: 'always' },
  vite: {
    plugins: [serverRuntimeChunk()],
    resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  },
});
