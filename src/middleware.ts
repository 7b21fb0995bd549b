import { defineMiddleware } from 'astro:middleware';
import { authGuard } from '../middleware/auth-guard';
import { chain } from '../middleware/chain';
import { eventGuard } from '../middleware/event-guard';
import { httpCache } from '../middleware/http-cache';
import { resultsGuard } from '../middleware/results-guard';
import { routeLabel } from '../middleware/route-label';
import { securityHeaders } from '../middleware/security-headers';
import { viewerStandIn } from '../middleware/viewer-stand-in';

// Guards live in /middleware (ARCHITECTURE layout); Astro only loads this file, so it composes
// them, as one middleware (chain: one Astro step instead of six, docs/request-path.md). The route
// label (for /metrics) comes first; security headers wrap every answer, the guards' refusals too;
// the HTTP cache wraps those, so it validates and compresses the final bytes.
export const onRequest = defineMiddleware(chain(routeLabel, httpCache, securityHeaders, eventGuard, authGuard, viewerStandIn, resultsGuard));
