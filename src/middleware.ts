import { defineMiddleware } from 'astro:middleware';
import { requestGuards } from '../middleware/request-guards';
import { pageRulesOf } from '~/server/routes/page-table';

// Guards live in /middleware (ARCHITECTURE layout); Astro only loads this file, so it runs them,
// as one middleware (chain: one Astro step instead of six, docs/request-path.md). The endpoints
// that hand calls to the router skip them: the router runs its own.
export const onRequest = defineMiddleware((context, next) => (pageRulesOf(context.routePattern).who === 'router' ? next() : requestGuards(context, next)));
