import { sequence } from 'astro:middleware';
import { authGuard } from '../middleware/auth-guard';
import { eventGuard } from '../middleware/event-guard';
import { securityHeaders } from '../middleware/security-headers';

// Guards live in /middleware (ARCHITECTURE layout); Astro only loads this file, so it composes
// them. Security headers come first, so they wrap every answer, the guards' refusals too.
export const onRequest = sequence(securityHeaders, eventGuard, authGuard);
