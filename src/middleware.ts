import { defineMiddleware } from 'astro:middleware';
import { requestGuards } from '../middleware/request-guards';

// Guards live in /middleware (ARCHITECTURE layout); Astro only loads this file, so it runs them,
// as one middleware (chain: one Astro step instead of six, docs/request-path.md).
export const onRequest = defineMiddleware(requestGuards);
