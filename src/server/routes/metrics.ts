import { config } from '~/server/config';
import { NO_STORE } from '~/server/http/cache-headers';
import { ops } from '~/server/ops/instruments';
import { metricsAccess } from '~/server/ops/metrics-access';
import { jsonAnswer } from '~/server/http/answer-bytes';
import { route } from '~/server/http/route-rules';

function clientAddressOf(read: () => string): string | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/** Prometheus scrape (docs/operations.md lists every metric): loopback or METRICS_TOKEN only. */
export const GET = route({
  method: 'GET', path: '/metrics', who: 'probe', sideEffects: false, cache: 'private',
  handle: async (context) => {
    const access = metricsAccess(context.request, clientAddressOf(() => context.clientAddress), config().metricsToken);
    if (access === 'unauthorized') {
      return jsonAnswer({ error: 'metrics.unauthorized', message: 'A valid metrics token is required' },
        { status: 401, headers: { ...NO_STORE, 'www-authenticate': 'Bearer' } });
    }
    if (access === 'forbidden') {
      return jsonAnswer({ error: 'metrics.forbidden', message: 'Metrics are served to loopback only; set METRICS_TOKEN to scrape from elsewhere' },
        { status: 403, headers: NO_STORE });
    }
    const metrics = ops();
    return new Response(await metrics.render(), { headers: { ...NO_STORE, 'content-type': metrics.contentType } });
  },
});
