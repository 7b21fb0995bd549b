import type { APIContext, AstroCookies, MiddlewareNext } from 'astro';

/*
 * What the guards and endpoints read of a request, as types narrower than Astro's APIContext, so
 * the same functions run under Astro and on the lean path of server.mjs (lean-calls.ts), which
 * builds only these fields (docs/request-path.md). A guard or endpoint that reads
 * anything else does not compile until the lean context carries it too.
 */

/** A request's method and headers: a web Request has both; the lean path reads Node's headers. */
export interface RequestHead {
  readonly method: string;
  readonly headers: Pick<Headers, 'get'>;
}

/** What an endpoint reads: its route's params, the URL, the guards' locals and the request's head. */
export type CallContext = Pick<APIContext, 'params' | 'url' | 'locals'> & { readonly request: RequestHead };

/** The cookie calls the guards make (the session cookie, read and cleared). */
export interface CookieJar {
  get(name: string): { readonly value: string } | undefined;
  delete(name: string, options?: Parameters<AstroCookies['delete']>[1]): void;
}

/** What a guard reads (middleware/chain.ts): an endpoint's context, the route pattern, cookies and redirects. */
export type GuardContext = CallContext & Pick<APIContext, 'routePattern' | 'redirect'> & { readonly cookies: CookieJar };

/**
 * An endpoint's handler that reads only a CallContext, as the lean route table requires
 * (lean-routes.ts); Astro calls it as any APIRoute.
 */
export type CallRoute = (context: CallContext) => Promise<Response>;

/** One step of the request path (a guard, a header or cache layer): answers, or calls `next`; a chain of them is one too. */
export type Guard = (context: GuardContext, next: MiddlewareNext) => Promise<Response>;
