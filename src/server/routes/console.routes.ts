import type { RouteDeclaration } from '~/server/http/route-rules';
import * as activity from './api/console/activity';
import * as agenda from './api/console/agenda/index';
import * as agendaSession from './api/console/agenda/sessions/[sessionId]';
import * as agendaSessions from './api/console/agenda/sessions/index';
import * as liveNow from './api/console/live-now';
import * as pollClose from './api/console/polls/[pollId]/close';
import * as pollOpen from './api/console/polls/[pollId]/open';
import * as pollPromote from './api/console/polls/[pollId]/promote';
import * as pollReset from './api/console/polls/[pollId]/reset';
import * as pollResults from './api/console/polls/[pollId]/results';
import * as pollUnpromote from './api/console/polls/[pollId]/unpromote';
import * as polls from './api/console/polls/index';
import * as poll from './api/console/polls/[pollId]/index';
import * as pollCopy from './api/console/polls/[pollId]/copy';
import * as pollFreeCode from './api/console/polls/free-code';
import * as present from './api/console/present/[pollId]';
import * as stageHoldingImage from './api/console/stage/holding-image/index';
import * as stageHoldingUpload from './api/console/stage/holding-image/upload';
import * as stageHolding from './api/console/stage/holding';
import * as stage from './api/console/stage/index';
import * as stageStream from './api/console/stage/stream';
import * as speakerDelete from './api/console/speakers/[speakerId]/delete';
import * as speaker from './api/console/speakers/[speakerId]/index';
import * as speakerPhoto from './api/console/speakers/[speakerId]/photo';
import * as speakers from './api/console/speakers/index';
import * as speakerOrder from './api/console/speakers/order';
import * as sponsorDelete from './api/console/sponsors/[sponsorId]/delete';
import * as sponsor from './api/console/sponsors/[sponsorId]/index';
import * as sponsorLogo from './api/console/sponsors/[sponsorId]/logo';
import * as sponsorAttendees from './api/console/sponsors/attendees';
import * as sponsors from './api/console/sponsors/index';
import * as sponsorOrder from './api/console/sponsors/order';
import * as timelinePromote from './api/console/timeline/[timelineId]/promote';
import * as timelineRemove from './api/console/timeline/[timelineId]/remove';
import * as timeline from './api/console/timeline/index';
import * as timelinePin from './api/console/timeline/pin';

/** The organiser console's calls (docs/console.md). */
export const consoleRoutes: readonly RouteDeclaration[] = [
  liveNow.GET,
  activity.GET,
  polls.GET,
  polls.POST,
  pollFreeCode.GET,
  poll.GET,
  poll.PUT,
  poll.DELETE,
  pollCopy.POST,
  pollOpen.POST,
  pollClose.POST,
  pollReset.POST,
  pollResults.POST,
  pollPromote.POST,
  pollUnpromote.POST,
  present.GET,
  stage.GET,
  stageStream.POST,
  stageHoldingImage.POST,
  stageHoldingUpload.POST,
  stageHolding.POST,
  timeline.GET,
  timelinePin.POST,
  timelineRemove.POST,
  timelinePromote.POST,
  agenda.GET,
  agendaSessions.POST,
  agendaSession.PUT,
  agendaSession.DELETE,
  speakers.GET,
  speakers.POST,
  // Before the speaker's own path, which would read `order` as an id.
  speakerOrder.POST,
  speaker.POST,
  speakerPhoto.POST,
  speakerDelete.POST,
  sponsors.GET,
  sponsors.POST,
  // Before the sponsor's own paths, which would read `attendees` or `order` as an id.
  sponsorAttendees.GET,
  sponsorOrder.POST,
  sponsor.POST,
  sponsorLogo.POST,
  sponsorDelete.POST,
];
