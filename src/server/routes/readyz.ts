import { app } from '~/server/app';
import { NO_STORE } from '~/server/http/cache-headers';
import type { RouteHandler } from '~/server/http/route-context';
import { jsonAnswer } from '~/server/http/answer-bytes';

/**
 * Readiness for load balancers and Kubernetes (docs/operations.md): 200 when this node should get
 * traffic, 503 while it starts, has lost its database or broker, or drains. /healthz is liveness.
 */
export const GET: RouteHandler = async () => {
  const result = await app().readiness();
  return jsonAnswer({ ok: result.ready, ...result.checks, ...result.load }, { status: result.ready ? 200 : 503, headers: NO_STORE });
};
