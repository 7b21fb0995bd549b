import { authGuard } from './auth-guard';
import { chain } from './chain';
import { eventGuard } from './event-guard';
import { httpCache } from './http-cache';
import { resultsGuard } from './results-guard';
import { routeLabel } from './route-label';
import { securityHeaders } from './security-headers';
import { storageFaults } from './storage-faults';

/**
 * Every guard a request passes, in order, as one step: Astro's middleware (src/middleware.ts) and
 * server.mjs's lean path for signed-in calls (src/server/http/lean-calls.ts) both run exactly
 * this. The route label (for /metrics) comes first; security headers wrap every answer, the
 * guards' refusals too; the HTTP cache wraps those, so it validates and compresses the final bytes.
 * Storage faults (database gone, disk full) thrown by anything after them become 503 or 507.
 */
export const requestGuards = chain(routeLabel, httpCache, securityHeaders, storageFaults, eventGuard, authGuard, resultsGuard);
