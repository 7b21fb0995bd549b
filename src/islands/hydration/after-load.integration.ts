import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** Registers `client:afterload` (after-load.directive.ts) with Astro. */
export function hydrateAfterLoad(): AstroIntegration {
  return {
    name: 'eventplatform:hydrate-after-load',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'afterload', entrypoint: fileURLToPath(new URL('./after-load.directive.ts', import.meta.url)) });
      },
    },
  };
}
