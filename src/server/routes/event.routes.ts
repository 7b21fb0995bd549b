import { FORM_BODY, type RouteDeclaration } from '~/server/http/route-rules';
import * as assetPath from './api/asset/[...path]';
import * as categories from './api/liveEvent/[eventId]/categories';
import * as documentsId from './api/liveEvent/[eventId]/documents/[id]';
import * as getAllDocuments from './api/liveEvent/[eventId]/getAllDocuments';
import * as getInfoPages from './api/liveEvent/[eventId]/getInfoPages';
import * as getPageId from './api/liveEvent/[eventId]/getPage/[id]';
import * as liveGetAgendaInfo from './api/liveEvent/[eventId]/liveGetAgendaInfo';
import * as liveGetAgendaInfoIdBookSession from './api/liveEvent/[eventId]/liveGetAgendaInfo/[id]/bookSession';
import * as liveGetAgendaInfoBookSession from './api/liveEvent/[eventId]/liveGetAgendaInfo/bookSession';
import * as liveGetAgendaInfoBookedSessions from './api/liveEvent/[eventId]/liveGetAgendaInfo/bookedSessions';
import * as liveGetIframeAgendaInfo from './api/liveEvent/[eventId]/liveGetIframeAgendaInfo';
import * as liveGetIframeSpeakerInfo from './api/liveEvent/[eventId]/liveGetIframeSpeakerInfo';
import * as liveGetSpeakerInfo from './api/liveEvent/[eventId]/liveGetSpeakerInfo';
import * as liveGetSpeakerInfoId from './api/liveEvent/[eventId]/liveGetSpeakerInfo/[id]';
import * as eventInfoPollAccessKey from './api/liveEvent/[eventId]/eventInfo/[pollAccessKey]';
import * as publicFullEventInfo from './api/liveEvent/[eventId]/publicFullEventInfo';
import * as manifest from './api/liveEvent/[eventId]/manifest';
import * as manifestIconsIcon from './api/liveEvent/[eventId]/manifest/icons/[icon]';
import * as myProgramics from './api/liveEvent/[eventId]/myProgram.ics';
import * as publicCategories from './api/liveEvent/[eventId]/publicCategories';
import * as requestMeetingId from './api/liveEvent/[eventId]/requestMeeting/[id]';
import * as sendAllDocuments from './api/liveEvent/[eventId]/sendAllDocuments';
import * as sendContactInfoId from './api/liveEvent/[eventId]/sendContactInfo/[id]';
import * as sendContactMessage from './api/liveEvent/[eventId]/sendContactMessage';
import * as sessionsIdDocuments from './api/liveEvent/[eventId]/sessions/[id]/documents';
import * as sponsorsIdContactForm from './api/liveEvent/[eventId]/sponsors/[id]/contactForm';
import * as sponsorsIdDocuments from './api/liveEvent/[eventId]/sponsors/[id]/documents';
import * as sponsorsId from './api/liveEvent/[eventId]/sponsors/[id]/index';
import * as sponsorsIdLeadsExport from './api/liveEvent/[eventId]/sponsors/[id]/leads/export';
import * as sponsorsIdPolls from './api/liveEvent/[eventId]/sponsors/[id]/polls';
import * as sponsorsIdQuizzes from './api/liveEvent/[eventId]/sponsors/[id]/quizzes';
import * as sponsorsIdWherebyRooms from './api/liveEvent/[eventId]/sponsors/[id]/wherebyRooms';
import * as sponsorsCategories from './api/liveEvent/[eventId]/sponsors/categories';
import * as sponsors from './api/liveEvent/[eventId]/sponsors/index';
import * as vouchersId from './api/liveEvent/[eventId]/vouchers/[id]';
import * as vouchersIdTransactions from './api/liveEvent/[eventId]/vouchers/[id]/transactions';
import * as generateSignedCookies from './api/liveEvent/generateSignedCookies';
import * as getEventInfo from './api/liveEvent/getEventInfo';
import * as publicEventInfoEventId from './api/liveEvent/publicEventInfo/[eventId]';

export const eventRoutes: readonly RouteDeclaration[] = [
  { method: 'GET', path: '/api/asset/:path{.+}', who: 'anyone', sideEffects: false, cache: 'private', handler: assetPath.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/categories', who: 'member', sideEffects: false, cache: 'member', handler: categories.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/documents/:id', who: 'member', sideEffects: false, cache: 'private', handler: documentsId.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/getAllDocuments', who: 'member', sideEffects: false, cache: 'member', handler: getAllDocuments.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/getInfoPages', who: 'member', sideEffects: false, cache: 'member', handler: getInfoPages.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/getPage/:id', who: 'member', sideEffects: false, cache: 'private', handler: getPageId.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/liveGetAgendaInfo', who: 'member', sideEffects: false, cache: 'private', handler: liveGetAgendaInfo.GET },
  { method: 'DELETE', path: '/api/liveEvent/:eventId/liveGetAgendaInfo/:id/bookSession', who: 'member', sideEffects: true, cache: 'private', bodyLimit: FORM_BODY, handler: liveGetAgendaInfoIdBookSession.DELETE },
  { method: 'POST', path: '/api/liveEvent/:eventId/liveGetAgendaInfo/bookSession', who: 'member', sideEffects: true, cache: 'private', bodyLimit: 4096, handler: liveGetAgendaInfoBookSession.POST },
  { method: 'GET', path: '/api/liveEvent/:eventId/liveGetAgendaInfo/bookedSessions', who: 'member', sideEffects: false, cache: 'private', handler: liveGetAgendaInfoBookedSessions.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/liveGetIframeAgendaInfo', who: 'anyone', sideEffects: false, cache: 'visitor', handler: liveGetIframeAgendaInfo.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/liveGetIframeSpeakerInfo', who: 'anyone', sideEffects: false, cache: 'visitor', handler: liveGetIframeSpeakerInfo.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/liveGetSpeakerInfo', who: 'member', sideEffects: false, cache: 'member', handler: liveGetSpeakerInfo.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/liveGetSpeakerInfo/:id', who: 'member', sideEffects: false, cache: 'member', handler: liveGetSpeakerInfoId.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/manifest', who: 'anyone', sideEffects: false, cache: 'visitor', handler: manifest.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/manifest/icons/:icon', who: 'anyone', sideEffects: false, cache: 'visitor', handler: manifestIconsIcon.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/myProgram.ics', who: 'member', sideEffects: false, cache: 'private', handler: myProgramics.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/publicCategories', who: 'anyone', sideEffects: false, cache: 'visitor', handler: publicCategories.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/requestMeeting/:id', who: 'member', sideEffects: true, cache: 'private', limit: 'requestMeeting', handler: requestMeetingId.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/sendAllDocuments', who: 'member', sideEffects: true, cache: 'private', limit: 'sendAllDocuments', handler: sendAllDocuments.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/sendContactInfo/:id', who: 'member', sideEffects: true, cache: 'private', limit: 'sendContactInfo', handler: sendContactInfoId.GET },
  { method: 'POST', path: '/api/liveEvent/:eventId/sendContactMessage', who: 'member', sideEffects: true, cache: 'private', bodyLimit: 32 * 1024, handler: sendContactMessage.POST },
  { method: 'GET', path: '/api/liveEvent/:eventId/sessions/:id/documents', who: 'member', sideEffects: false, cache: 'private', handler: sessionsIdDocuments.GET },
  { method: 'POST', path: '/api/liveEvent/:eventId/sponsors/:id/contactForm', who: 'anyone', sideEffects: true, cache: 'private', bodyLimit: 32 * 1024, handler: sponsorsIdContactForm.POST },
  { method: 'GET', path: '/api/liveEvent/:eventId/sponsors/:id/documents', who: 'member', sideEffects: false, cache: 'private', handler: sponsorsIdDocuments.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/sponsors/:id', who: 'member', sideEffects: false, cache: 'private', handler: sponsorsId.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/sponsors/:id/leads/export', who: 'member', sideEffects: false, cache: 'private', handler: sponsorsIdLeadsExport.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/sponsors/:id/polls', who: 'member', sideEffects: false, cache: 'private', handler: sponsorsIdPolls.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/sponsors/:id/quizzes', who: 'member', sideEffects: false, cache: 'private', handler: sponsorsIdQuizzes.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/sponsors/:id/wherebyRooms', who: 'member', sideEffects: false, cache: 'private', handler: sponsorsIdWherebyRooms.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/sponsors/categories', who: 'member', sideEffects: false, cache: 'private', handler: sponsorsCategories.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/sponsors', who: 'member', sideEffects: false, cache: 'private', handler: sponsors.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/vouchers/:id', who: 'member', sideEffects: false, cache: 'private', handler: vouchersId.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/vouchers/:id/transactions', who: 'member', sideEffects: false, cache: 'private', handler: vouchersIdTransactions.GET },
  { method: 'GET', path: '/api/liveEvent/generateSignedCookies', who: 'member', sideEffects: false, cache: 'private', handler: generateSignedCookies.GET },
  { method: 'GET', path: '/api/liveEvent/getEventInfo', who: 'member', sideEffects: false, cache: 'member', handler: getEventInfo.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/publicFullEventInfo', who: 'anyone', sideEffects: false, cache: 'visitor', handler: publicFullEventInfo.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/eventInfo/:pollAccessKey', who: 'anyone', sideEffects: false, cache: 'visitor', handler: eventInfoPollAccessKey.GET },
  { method: 'GET', path: '/api/liveEvent/publicEventInfo/:eventId', who: 'anyone', sideEffects: false, cache: 'visitor', handler: publicEventInfoEventId.GET },
];
