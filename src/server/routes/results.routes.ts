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
  { method: 'GET', path: '/api/liveEvent/:eventId/export/quizList', who: 'results', sideEffects: false, cache: 'private', handler: exportQuizList.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/filteredPollResults/:id', who: 'results', sideEffects: false, cache: 'private', handler: filteredPollResultsId.GET },
  { method: 'POST', path: '/api/liveEvent/:eventId/participantsAdmission', who: 'results', sideEffects: true, cache: 'private', bodyLimit: 16 * 1024, handler: participantsAdmission.POST },
  { method: 'POST', path: '/api/liveEvent/:eventId/participantsAdmission/export', who: 'results', sideEffects: true, cache: 'private', bodyLimit: 16 * 1024, handler: participantsAdmissionExport.POST },
  { method: 'POST', path: '/api/liveEvent/:eventId/participantsCheckIn', who: 'results', sideEffects: true, cache: 'private', bodyLimit: 4 * 1024, handler: participantsCheckIn.POST },
  { method: 'GET', path: '/api/liveEvent/:eventId/pollResults', who: 'results', sideEffects: false, cache: 'private', handler: pollResults.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/pollResults/:id', who: 'results', sideEffects: false, cache: 'private', handler: pollResultsId.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/pollResults/:id/export/:kind', who: 'results', sideEffects: false, cache: 'private', handler: pollResultsIdExportKind.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/pollStream/:id', who: 'results', sideEffects: false, cache: 'private', handler: pollStreamId.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/pollTemplateResults/:id', who: 'results', sideEffects: false, cache: 'private', handler: pollTemplateResultsId.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/pollTemplateResults/:id/export/:kind', who: 'results', sideEffects: false, cache: 'private', handler: pollTemplateResultsIdExportKind.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/quizStream/:id', who: 'results', sideEffects: false, cache: 'private', handler: quizStreamId.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/sharedParticipants/:pinCode', who: 'anyone', sideEffects: false, cache: 'private', handler: sharedParticipantsPinCode.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/sharedParticipants/:pinCode/export', who: 'anyone', sideEffects: false, cache: 'private', handler: sharedParticipantsPinCodeExport.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/templatePollResults/:id', who: 'results', sideEffects: false, cache: 'private', handler: templatePollResultsId.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/templateResults/:id', who: 'results', sideEffects: false, cache: 'private', handler: templateResultsId.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/templateResults/:id/export', who: 'results', sideEffects: false, cache: 'private', handler: templateResultsIdExport.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/templateResults/:id/export/:kind', who: 'results', sideEffects: false, cache: 'private', handler: templateResultsIdExportKind.GET },
  { method: 'POST', path: '/api/liveEvent/:eventId/togglePollAnswerPresentation/:id', who: 'results', sideEffects: true, cache: 'private', bodyLimit: 16 * 1024, handler: togglePollAnswerPresentationId.POST },
  { method: 'POST', path: '/connect/participant', who: 'login', sideEffects: true, cache: 'private', bodyLimit: 8 * 1024, handler: connectParticipant.POST },
  { method: 'POST', path: '/connect/poll', who: 'login', sideEffects: true, cache: 'private', bodyLimit: 8 * 1024, handler: connectPoll.POST },
];
