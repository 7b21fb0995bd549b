import { sequence } from 'astro:middleware';
import { authGuard } from '../middleware/auth-guard';
import { eventGuard } from '../middleware/event-guard';
import { resultsGuard } from '../middleware/results-guard';
import { routeLabel } from '../middleware/route-label';
import { securityHeaders } from '../middleware/security-headers';

// Guards live in /middleware (ARCHITECTURE layout); Astro only loads this file, so it composes
// them. The route label (for /metrics) and security headers come first, so they wrap every
// answer, the guards' refusals too.
export const onRequest = sequence(routeLabel, securityHeaders, eventGuard, authGuard, resultsGuard);
