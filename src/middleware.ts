import { sequence } from 'astro:middleware';
import { authGuard } from '../middleware/auth-guard';
import { eventGuard } from '../middleware/event-guard';
import { resultsGuard } from '../middleware/results-guard';

// Guards live in /middleware (ARCHITECTURE layout); Astro only loads this file, so it composes them.
export const onRequest = sequence(eventGuard, authGuard, resultsGuard);
