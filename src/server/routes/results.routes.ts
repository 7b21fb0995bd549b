import type { RouteDeclaration } from '~/server/http/route-rules';
import * as exportQuizList from './api/liveEvent/[eventId]/export/quizList';
import * as filteredPollResultsId from './api/liveEvent/[eventId]/filteredPollResults/[id]';
import * as participantsAdmission from './api/liveEvent/[eventId]/participantsAdmission';
import * as participantsAdmissionExport from './api/liveEvent/[eventId]/participantsAdmission/export';
import * as participantsCheckIn from './api/liveEvent/[eventId]/participantsCheckIn';
import * as pollResults from './api/liveEvent/[eventId]/pollResults';
import * as pollResultsId from './api/liveEvent/[eventId]/pollResults/[id]';
import * as pollResultsIdExportKind from './api/liveEvent/[eventId]/pollResults/[id]/export/[kind]';
import * as pollStreamId from './api/liveEvent/[eventId]/pollStream/[id]';
import * as pollTemplateResultsId from './api/liveEvent/[eventId]/pollTemplateResults/[id]';
import * as pollTemplateResultsIdExportKind from './api/liveEvent/[eventId]/pollTemplateResults/[id]/export/[kind]';
import * as quizStreamId from './api/liveEvent/[eventId]/quizStream/[id]';
import * as sharedParticipantsPinCode from './api/liveEvent/[eventId]/sharedParticipants/[pinCode]';
import * as sharedParticipantsPinCodeExport from './api/liveEvent/[eventId]/sharedParticipants/[pinCode]/export';
import * as templatePollResultsId from './api/liveEvent/[eventId]/templatePollResults/[id]';
import * as templateResultsId from './api/liveEvent/[eventId]/templateResults/[id]';
import * as templateResultsIdExport from './api/liveEvent/[eventId]/templateResults/[id]/export';
import * as templateResultsIdExportKind from './api/liveEvent/[eventId]/templateResults/[id]/export/[kind]';
import * as togglePollAnswerPresentationId from './api/liveEvent/[eventId]/togglePollAnswerPresentation/[id]';
import * as connectParticipant from './connect/participant';
import * as connectPoll from './connect/poll';

export const resultsRoutes: readonly RouteDeclaration[] = [
  exportQuizList.GET,
  filteredPollResultsId.GET,
  participantsAdmission.POST,
  participantsAdmissionExport.POST,
  participantsCheckIn.POST,
  pollResults.GET,
  pollResultsId.GET,
  pollResultsIdExportKind.GET,
  pollStreamId.GET,
  pollTemplateResultsId.GET,
  pollTemplateResultsIdExportKind.GET,
  quizStreamId.GET,
  sharedParticipantsPinCode.GET,
  sharedParticipantsPinCodeExport.GET,
  templatePollResultsId.GET,
  templateResultsId.GET,
  templateResultsIdExport.GET,
  templateResultsIdExportKind.GET,
  togglePollAnswerPresentationId.POST,
  connectParticipant.POST,
  connectPoll.POST,
];
