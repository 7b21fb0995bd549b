import type { RouteDeclaration } from '~/server/http/route-rules';
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
  assetPath.GET,
  categories.GET,
  documentsId.GET,
  getAllDocuments.GET,
  getInfoPages.GET,
  getPageId.GET,
  liveGetAgendaInfo.GET,
  liveGetAgendaInfoIdBookSession.DELETE,
  liveGetAgendaInfoBookSession.POST,
  liveGetAgendaInfoBookedSessions.GET,
  liveGetIframeAgendaInfo.GET,
  liveGetIframeSpeakerInfo.GET,
  liveGetSpeakerInfo.GET,
  liveGetSpeakerInfoId.GET,
  manifest.GET,
  manifestIconsIcon.GET,
  myProgramics.GET,
  publicCategories.GET,
  requestMeetingId.GET,
  sendAllDocuments.GET,
  sendContactInfoId.GET,
  sendContactMessage.POST,
  sessionsIdDocuments.GET,
  sponsorsIdContactForm.POST,
  sponsorsIdDocuments.GET,
  sponsorsId.GET,
  sponsorsIdLeadsExport.GET,
  sponsorsIdPolls.GET,
  sponsorsIdQuizzes.GET,
  sponsorsIdWherebyRooms.GET,
  sponsorsCategories.GET,
  sponsors.GET,
  vouchersId.GET,
  vouchersIdTransactions.GET,
  generateSignedCookies.GET,
  getEventInfo.GET,
  publicFullEventInfo.GET,
  eventInfoPollAccessKey.GET,
  publicEventInfoEventId.GET,
];
