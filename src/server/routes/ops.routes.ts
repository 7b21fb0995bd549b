import type { RouteDeclaration } from '~/server/http/route-rules';
import * as adminEventsSlugExport from './api/admin/events/[slug]/export';
import * as adminEventsSlugRealtimeProbe from './api/admin/events/[slug]/realtime-probe';
import * as adminEventsImport from './api/admin/events/import';
import * as healthz from './healthz';
import * as metrics from './metrics';
import * as readyz from './readyz';

export const opsRoutes: readonly RouteDeclaration[] = [
  adminEventsSlugExport.GET,
  adminEventsSlugRealtimeProbe.POST,
  adminEventsImport.POST,
  healthz.GET,
  metrics.GET,
  readyz.GET,
];
