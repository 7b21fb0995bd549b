import type { APIContext, AstroCookies, MiddlewareNext } from 'astro';

/*
 * What the guards and endpoints read of a request, as types narrower than Astro's APIContext, so
 * the same functions serve the pages' middleware and the router's calls (route-context.ts).
 */

/** A request's method and headers. */
export interface RequestHead {
  readonly method: string;
  readonly headers: Pick<Headers, 'get'>;
}

/** What an endpoint reads at least: its route's params, the URL, the guards' locals and the request's head. */
export type CallContext = Pick<APIContext, 'params' | 'url' | 'locals'> & { readonly request: RequestHead };

/** The cookie calls the guards make (the session cookie, read and cleared). */
export interface CookieJar {
  get(name: string): { readonly value: string } | undefined;
  delete(name: string, options?: Parameters<AstroCookies['delete']>[1]): void;
}

/** What a page guard reads (middleware/chain.ts): an endpoint's context, the route pattern, cookies and redirects. */
export type GuardContext = CallContext & Pick<APIContext, 'routePattern' | 'redirect'> & { readonly cookies: CookieJar };

/** One step of a page's request path (a guard, a header or cache layer): answers, or calls `next`; a chain of them is one too. */
export type Guard = (context: GuardContext, next: MiddlewareNext) => Promise<Response>;
