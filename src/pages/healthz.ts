import type { APIRoute } from 'astro';
import { NO_STORE } from '~/server/http/cache-headers';

/** Liveness for load balancers and tests; says nothing about any event. */
export const GET: APIRoute = () => Response.json({ ok: true }, { headers: NO_STORE });
