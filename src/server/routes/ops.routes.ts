import type { RouteDeclaration } from '~/server/http/route-rules';
import * as adminEventsSlugExport from './api/admin/events/[slug]/export';
import * as adminEventsSlugRealtimeProbe from './api/admin/events/[slug]/realtime-probe';
import * as adminEventsImport from './api/admin/events/import';
import * as adminEvents from './api/admin/events/index';
import * as adminEventsSlugOrganisers from './api/admin/events/[slug]/organisers';
import * as adminSession from './api/admin/session';
import * as healthz from './healthz';
import * as metrics from './metrics';
import * as readyz from './readyz';

export const opsRoutes: readonly RouteDeclaration[] = [
  adminEventsSlugExport.GET,
  adminEventsSlugRealtimeProbe.POST,
  adminEventsImport.POST,
  adminEvents.GET,
  adminEvents.POST,
  adminEventsSlugOrganisers.POST,
  adminSession.POST,
  adminSession.DELETE,
  healthz.GET,
  metrics.GET,
  readyz.GET,
];
