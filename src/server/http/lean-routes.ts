/*
 * The lean route table (docs/request-path.md "The lean path"): the signed-in JSON GETs
 * the screens make and the health probes, which server.mjs answers with the same guards and the same endpoint handlers
 * as Astro, without Astro's per-request pipeline. The rule for a route on this table: its GET is
 * typed `CallRoute` (it reads only params, url, locals and the request's method and headers), it
 * answers JSON, and it has no side effect (hasSideEffect: no GET on the table may be one); its
 * pattern is Astro's own route pattern for the file, which /metrics shows as the route's label.
 * tests/api/lean-calls.test.ts compares every route's answers here and through Astro.
 */
import type { LeanRoute } from './lean-route-match';
import { GET as agenda } from '~/pages/api/liveEvent/[eventId]/liveGetAgendaInfo';
import { GET as bookedSessions } from '~/pages/api/liveEvent/[eventId]/liveGetAgendaInfo/bookedSessions';
import { GET as timeline } from '~/pages/api/liveEvent/[eventId]/getAllTimelineItems';
import { GET as timelineCount } from '~/pages/api/liveEvent/[eventId]/getAllTimelineItems/[count]';
import { GET as promoted } from '~/pages/api/liveEvent/[eventId]/getPromotedTimelineItems';
import { GET as ownUser } from '~/pages/api/liveEvent/[eventId]/getOwnUserInfoFromSession';
import { GET as users } from '~/pages/api/liveEvent/[eventId]/users/index';
import { GET as usersCount } from '~/pages/api/liveEvent/[eventId]/users/count';
import { GET as usersOnline } from '~/pages/api/liveEvent/[eventId]/users/online';
import { GET as chats } from '~/pages/api/liveEvent/[eventId]/chat/index';
import { GET as ownGroups } from '~/pages/api/liveEvent/[eventId]/user/groups';
import { GET as eventInfo } from '~/pages/api/liveEvent/getEventInfo';
import { GET as speakers } from '~/pages/api/liveEvent/[eventId]/liveGetSpeakerInfo';
import { GET as infoPages } from '~/pages/api/liveEvent/[eventId]/getInfoPages';
import { GET as categories } from '~/pages/api/liveEvent/[eventId]/categories';
import { GET as documents } from '~/pages/api/liveEvent/[eventId]/getAllDocuments';
import { GET as liveness } from '~/pages/healthz';
import { GET as readiness } from '~/pages/readyz';

export const LEAN_ROUTES: readonly LeanRoute[] = [
  { pattern: '/api/liveEvent/[eventId]/liveGetAgendaInfo', GET: agenda },
  { pattern: '/api/liveEvent/[eventId]/liveGetAgendaInfo/bookedSessions', GET: bookedSessions },
  { pattern: '/api/liveEvent/[eventId]/getAllTimelineItems', GET: timeline },
  { pattern: '/api/liveEvent/[eventId]/getAllTimelineItems/[count]', GET: timelineCount },
  { pattern: '/api/liveEvent/[eventId]/getPromotedTimelineItems', GET: promoted },
  { pattern: '/api/liveEvent/[eventId]/getOwnUserInfoFromSession', GET: ownUser },
  { pattern: '/api/liveEvent/[eventId]/users', GET: users },
  { pattern: '/api/liveEvent/[eventId]/users/count', GET: usersCount },
  { pattern: '/api/liveEvent/[eventId]/users/online', GET: usersOnline },
  { pattern: '/api/liveEvent/[eventId]/chat', GET: chats },
  { pattern: '/api/liveEvent/[eventId]/user/groups', GET: ownGroups },
  // Kept for members once rendered (member-answers.ts); the first request per event version lands here.
  { pattern: '/api/liveEvent/getEventInfo', GET: eventInfo },
  { pattern: '/api/liveEvent/[eventId]/liveGetSpeakerInfo', GET: speakers },
  { pattern: '/api/liveEvent/[eventId]/getInfoPages', GET: infoPages },
  { pattern: '/api/liveEvent/[eventId]/categories', GET: categories },
  { pattern: '/api/liveEvent/[eventId]/getAllDocuments', GET: documents },
  // Probes: load balancers ask often, and Astro's pipeline costs far more CPU than an 11-byte answer.
  { pattern: '/healthz', GET: liveness },
  { pattern: '/readyz', GET: readiness },
];

/**
 * Astro routes that take some paths a lean pattern also matches, because a static segment outranks
 * a parameter (`/api/liveEvent/publicEventInfo/users` is publicEventInfo's, not users'): such a
 * path goes to Astro. tests/unit/server/http/lean-routes.test.ts derives this list from src/pages.
 */
export const OUTRANKING_ROUTES: readonly string[] = ['/api/liveEvent/publicEventInfo/[eventId]'];
