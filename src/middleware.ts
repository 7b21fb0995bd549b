import { defineMiddleware } from 'astro:middleware';
import { requestGuards } from '../middleware/request-guards';

/** The catch-all endpoints that hand calls to the router, which runs its own guards (src/pages/api/[...path].ts and its siblings). */
const ROUTER_ENDPOINTS = new Set(['/api/[...path]', '/connect/[...path]', '/[eventId]/api.php', '/healthz', '/readyz', '/metrics']);

// Guards live in /middleware (ARCHITECTURE layout); Astro only loads this file, so it runs them,
// as one middleware (chain: one Astro step instead of six, docs/request-path.md).
export const onRequest = defineMiddleware((context, next) => (ROUTER_ENDPOINTS.has(context.routePattern) ? next() : requestGuards(context, next)));
