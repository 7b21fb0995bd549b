import type { APIRoute } from 'astro';

/** Liveness for load balancers and tests; says nothing about any event. */
export const GET: APIRoute = () => Response.json({ ok: true }, { headers: { 'cache-control': 'no-store' } });
