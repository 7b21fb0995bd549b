import { defineMiddleware } from 'astro:middleware';
import { requestGuards } from '../middleware/request-guards';

// Astro renders only pages (calls are the router's, in the edge before it: docs/request-path.md);
// their guards live in /middleware and run here as one middleware (chain.ts).
export const onRequest = defineMiddleware((context, next) => requestGuards(context, next));
