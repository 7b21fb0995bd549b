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
 * In `npm run dev` the same runtime attaches to Vite's HTTP server, so /realtime works there too.
 * @returns {import('astro').AstroIntegration}
 */
function devRuntime() {
  return {
    name: 'eventplatform:dev-runtime',
    hooks: {
      'astro:server:setup': async ({ server }) => {
        const httpServer = server.httpServer;
        if (!httpServer) return; // vitest and other middleware-only hosts have none
        const runtime = await server.ssrLoadModule(runtimeEntry);
        await runtime.startRuntime(httpServer);
      },
    },
  };
}

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), devRuntime(), serviceWorker(), hydrateAfterLoad()],
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
