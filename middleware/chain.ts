import type { RewritePayload } from 'astro';
import type { Guard } from '~/server/http/request-context';

export type { Guard };

/**
 * Runs `guards` in order as one Astro middleware, each wrapping the ones after it, as
 * `sequence()` does, without its per-step cost (a closure, an async hop and a
 * rewrite check per step, on every request). A guard that rewrites (`next('/fallback')`) ends
 * at the page it names: the guards after it still run, on the original URL, and the rewrite
 * reaches Astro when the last one calls `next`. The event guard rewrites to a page that belongs
 * to no event and the auth guard to "Not allowed" on a member page: the guards after them
 * (the results guard) have nothing to check on either.
 */
export function chain(...guards: Guard[]): Guard {
  return (context, next) => {
    let rewrite: RewritePayload | undefined;
    const step = (index: number): Promise<Response> => {
      const guard = guards[index];
      if (!guard) return next(rewrite);
      return guard(context, (payload) => {
        if (payload !== undefined) rewrite = payload;
        return step(index + 1);
      });
    };
    return step(0);
  };
}
