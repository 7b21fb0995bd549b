import type { RouteDeclaration } from '~/server/http/route-rules';
import * as activity from './api/console/activity';
import * as content from './api/console/content/index';
import * as contentDocument from './api/console/content/documents/[documentId]/index';
import * as contentDocumentDelete from './api/console/content/documents/[documentId]/delete';
import * as contentDocumentFile from './api/console/content/documents/[documentId]/file';
import * as contentDocuments from './api/console/content/documents/index';
import * as contentDocumentOrder from './api/console/content/documents/order';
import * as contentPage from './api/console/content/pages/[pageId]/index';
import * as contentPageDelete from './api/console/content/pages/[pageId]/delete';
import * as contentPages from './api/console/content/pages/index';
import * as contentPageOrder from './api/console/content/pages/order';
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
import * as people from './api/console/people/index';
import * as peopleExport from './api/console/people/export';
import * as peopleImport from './api/console/people/import/index';
import * as peopleImportPreview from './api/console/people/import/preview';
import * as person from './api/console/people/[personId]/index';
import * as personCheckIn from './api/console/people/[personId]/check-in';
import * as personDelete from './api/console/people/[personId]/delete';
import * as personHidden from './api/console/people/[personId]/hidden';
import * as personLoginLink from './api/console/people/[personId]/login-link';
import * as personOrganiser from './api/console/people/[personId]/organiser';
import * as personPasswordMail from './api/console/people/[personId]/password-mail';
import * as present from './api/console/present/[pollId]';
import * as stageHoldingImage from './api/console/stage/holding-image/index';
import * as stageHoldingUpload from './api/console/stage/holding-image/upload';
import * as stageHolding from './api/console/stage/holding';
import * as stage from './api/console/stage/index';
import * as stageStream from './api/console/stage/stream';
import * as settings from './api/console/settings/index';
import * as settingsFeatures from './api/console/settings/features';
import * as settingsCaptions from './api/console/settings/captions';
import * as settingsBranding from './api/console/settings/branding';
import * as settingsLobbyOrder from './api/console/settings/lobby-order';
import * as settingsRegistration from './api/console/settings/registration';
import * as settingsPassword from './api/console/settings/password';
import * as settingsSchedule from './api/console/settings/schedule';
import * as settingsTwoFactor from './api/console/settings/two-factor';
import * as settingsPicture from './api/console/settings/picture/[kind]';
import * as speaker from './api/console/speakers/[speakerId]/index';
import * as speakerPhoto from './api/console/speakers/[speakerId]/photo';
import * as speakers from './api/console/speakers/index';
import * as speakerOrder from './api/console/speakers/order';
import * as sponsor from './api/console/sponsors/[sponsorId]/index';
import * as sponsorLogo from './api/console/sponsors/[sponsorId]/logo';
import * as sponsorDocuments from './api/console/sponsors/[sponsorId]/documents/index';
import * as sponsorDocumentOrder from './api/console/sponsors/[sponsorId]/documents/order';
import * as sponsorDocument from './api/console/sponsors/[sponsorId]/documents/[documentId]/index';
import * as sponsorDocumentFile from './api/console/sponsors/[sponsorId]/documents/[documentId]/file';
import * as sponsorDocumentDelete from './api/console/sponsors/[sponsorId]/documents/[documentId]/delete';
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
  speaker.PUT,
  speaker.DELETE,
  speakerPhoto.POST,
  sponsors.GET,
  sponsors.POST,
  // Before the sponsor's own paths, which would read `attendees` or `order` as an id.
  sponsorAttendees.GET,
  sponsorOrder.POST,
  sponsor.PUT,
  sponsor.DELETE,
  sponsorLogo.POST,
  sponsorDocuments.POST,
  // Before the document's own path, which would read `order` as an id.
  sponsorDocumentOrder.POST,
  sponsorDocument.POST,
  sponsorDocumentFile.POST,
  sponsorDocumentDelete.POST,
  settings.GET,
  settingsFeatures.POST,
  settingsCaptions.POST,
  settingsBranding.POST,
  settingsLobbyOrder.POST,
  settingsRegistration.POST,
  settingsPassword.POST,
  settingsSchedule.POST,
  settingsTwoFactor.POST,
  settingsPicture.POST,
  content.GET,
  contentPages.POST,
  // Before the page's and document's own paths, which would read `order` as an id.
  contentPageOrder.POST,
  contentPage.POST,
  contentPageDelete.POST,
  contentDocuments.POST,
  contentDocumentOrder.POST,
  contentDocument.POST,
  contentDocumentFile.POST,
  contentDocumentDelete.POST,
  people.GET,
  people.POST,
  // Before the attendee's own paths, which would read `export` or `import` as an id.
  peopleExport.GET,
  peopleImportPreview.POST,
  peopleImport.POST,
  person.GET,
  person.POST,
  personHidden.POST,
  personOrganiser.POST,
  personCheckIn.POST,
  personLoginLink.POST,
  personPasswordMail.POST,
  personDelete.POST,
];
