import type { RouteDeclaration } from '~/server/http/route-rules';
import * as adminEventsSlugExport from './api/admin/events/[slug]/export';
import * as adminEventsSlugRealtimeProbe from './api/admin/events/[slug]/realtime-probe';
import * as adminEventsImport from './api/admin/events/import';
import * as healthz from './healthz';
import * as metrics from './metrics';
import * as readyz from './readyz';

export const opsRoutes: readonly RouteDeclaration[] = [
  { method: 'GET', path: '/api/admin/events/:slug/export', who: 'admin', sideEffects: false, cache: 'private', handler: adminEventsSlugExport.GET },
  { method: 'POST', path: '/api/admin/events/:slug/realtime-probe', who: 'admin', sideEffects: true, cache: 'private', bodyLimit: 1024, handler: adminEventsSlugRealtimeProbe.POST },
  // Event files are data, not media: a large event is a few hundred kilobytes.
  { method: 'POST', path: '/api/admin/events/import', who: 'admin', sideEffects: true, cache: 'private', bodyLimit: 5 * 1_048_576, handler: adminEventsImport.POST },
  { method: 'GET', path: '/healthz', who: 'probe', sideEffects: false, cache: 'private', handler: healthz.GET },
  { method: 'GET', path: '/metrics', who: 'probe', sideEffects: false, cache: 'private', handler: metrics.GET },
  { method: 'GET', path: '/readyz', who: 'probe', sideEffects: false, cache: 'private', handler: readyz.GET },
];
