import type { MiddlewareNext, RewritePayload } from 'astro';
import type { GuardContext } from '~/server/http/request-context';

/** One step of the request path (a guard, a header or cache layer): answers, or calls `next`. */
export type Guard = (context: GuardContext, next: MiddlewareNext) => Promise<Response>;

/**
 * Runs `guards` in order as one Astro middleware, each wrapping the ones after it, as
 * `sequence()` does, without its per-step cost (issue 12: a closure, an async hop and a
 * rewrite check per step, on every request). A guard that rewrites (`next('/fallback')`) ends
 * at the page it names: the guards after it still run, on the original URL, and the rewrite
 * reaches Astro when the last one calls `next`. Only the event guard rewrites, to a page that
 * belongs to no event, where the guards after it have nothing to check.
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
