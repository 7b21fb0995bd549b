import type { RouteDeclaration } from '~/server/http/route-rules';
import type { RouteHandler } from '~/server/http/route-context';
import { CONSOLE_BODY } from '~/server/console/console.http';
import * as activity from './api/console/activity';
import * as liveNow from './api/console/live-now';
import * as pollClose from './api/console/polls/[pollId]/close';
import * as pollOpen from './api/console/polls/[pollId]/open';
import * as pollPromote from './api/console/polls/[pollId]/promote';
import * as pollReset from './api/console/polls/[pollId]/reset';
import * as pollResults from './api/console/polls/[pollId]/results';
import * as pollUnpromote from './api/console/polls/[pollId]/unpromote';
import * as polls from './api/console/polls/index';
import * as present from './api/console/present/[pollId]';
import * as stageHoldingImage from './api/console/stage/holding-image';
import * as stage from './api/console/stage/index';
import * as stageStream from './api/console/stage/stream';
import * as timelinePromote from './api/console/timeline/[timelineId]/promote';
import * as timelineRemove from './api/console/timeline/[timelineId]/remove';
import * as timeline from './api/console/timeline/index';
import * as timelinePin from './api/console/timeline/pin';

/** A console read: this event's organisers only, never kept. */
const read = (path: string, handler: RouteHandler): RouteDeclaration =>
  ({ method: 'GET', path, who: 'organiser', sideEffects: false, cache: 'private', handler });
/** A console change: same-origin proof for the cookie, a small JSON body, the organiser's budget. */
const write = (path: string, handler: RouteHandler): RouteDeclaration =>
  ({ method: 'POST', path, who: 'organiser', sideEffects: true, cache: 'private', bodyLimit: CONSOLE_BODY, limit: 'console', handler });

/** The organiser console's calls (docs/console.md). */
export const consoleRoutes: readonly RouteDeclaration[] = [
  read('/api/console/live-now', liveNow.GET),
  read('/api/console/activity', activity.GET),
  read('/api/console/polls', polls.GET),
  write('/api/console/polls/:pollId/open', pollOpen.POST),
  write('/api/console/polls/:pollId/close', pollClose.POST),
  write('/api/console/polls/:pollId/reset', pollReset.POST),
  write('/api/console/polls/:pollId/results', pollResults.POST),
  write('/api/console/polls/:pollId/promote', pollPromote.POST),
  write('/api/console/polls/:pollId/unpromote', pollUnpromote.POST),
  read('/api/console/present/:pollId', present.GET),
  read('/api/console/stage', stage.GET),
  write('/api/console/stage/stream', stageStream.POST),
  write('/api/console/stage/holding-image', stageHoldingImage.POST),
  read('/api/console/timeline', timeline.GET),
  write('/api/console/timeline/pin', timelinePin.POST),
  write('/api/console/timeline/:timelineId/remove', timelineRemove.POST),
  write('/api/console/timeline/:timelineId/promote', timelinePromote.POST),
];
