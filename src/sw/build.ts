import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

const WORKER_ENTRY = fileURLToPath(new URL('./worker/service-worker.ts', import.meta.url));

/**
 * The app shell every attendee page needs offline: the islands' scripts (named by content hash)
 * and the default icon. The stream player (hls.js, media elements) is left out: without a
 * network there is nothing to play, and it is most of the bytes.
 */
export const PRECACHE_GLOBS = ['_astro/**/*.{js,css}', 'favicon.svg'];
export const PRECACHE_IGNORES = ['_astro/hls*.js', '_astro/media-*.js'];

/**
 * Builds dist/client/sw.js after `astro build`: esbuild bundles the Workbox modules the worker
 * uses, then workbox-build's injectManifest lists the app shell with revisions in it. Both load
 * only here, at build time (docs/offline.md).
 */
export function serviceWorker(): AstroIntegration {
  return {
    name: 'eventplatform:service-worker',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const clientDir = fileURLToPath(dir);
        const temp = await mkdtemp(join(tmpdir(), 'ep-sw-'));
        try {
          const { build } = await import('esbuild');
          const { injectManifest } = await import('workbox-build');
          const bundled = join(temp, 'sw.js');
          await build({
            entryPoints: [WORKER_ENTRY], outfile: bundled, bundle: true, format: 'iife', minify: true,
            target: 'es2022', logLevel: 'warning', define: { 'process.env.NODE_ENV': '"production"' },
          });
          const { count, size, warnings } = await injectManifest({
            swSrc: bundled, swDest: join(clientDir, 'sw.js'), globDirectory: clientDir,
            globPatterns: PRECACHE_GLOBS, globIgnores: PRECACHE_IGNORES,
            // Astro's file names already change with their content.
            dontCacheBustURLsMatching: /^_astro\//,
          });
          for (const warning of warnings) logger.warn(warning);
          logger.info(`sw.js precaches ${count} files (${Math.round(size / 1024)} KiB)`);
        } finally {
          await rm(temp, { recursive: true, force: true });
        }
      },
    },
  };
}
