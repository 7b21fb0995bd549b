import { sequence } from 'astro:middleware';
import { authGuard } from '../middleware/auth-guard';
import { eventGuard } from '../middleware/event-guard';
import { httpCache } from '../middleware/http-cache';
import { resultsGuard } from '../middleware/results-guard';
import { routeLabel } from '../middleware/route-label';
import { securityHeaders } from '../middleware/security-headers';

// Guards live in /middleware (ARCHITECTURE layout); Astro only loads this file, so it composes
// them. The route label (for /metrics) comes first; security headers wrap every answer, the
// guards' refusals too; the HTTP cache wraps those, so it validates and compresses the final bytes.
export const onRequest = sequence(routeLabel, httpCache, securityHeaders, eventGuard, authGuard, resultsGuard);
