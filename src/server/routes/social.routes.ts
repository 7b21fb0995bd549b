import { FORM_BODY, type RouteDeclaration } from '~/server/http/route-rules';
import { MAX_FORM_BYTES as SELFIE_BODY } from '~/server/selfie/selfie.http';
import { MAX_FORM_BYTES as TIMELINE_POST_BODY } from '~/server/timeline/timeline.http';
import * as addTimelineComment from './api/liveEvent/[eventId]/addTimelineComment';
import * as addTimelineEntry from './api/liveEvent/[eventId]/addTimelineEntry';
import * as chatChatId from './api/liveEvent/[eventId]/chat/[chatId]/index';
import * as chatChatIdRead from './api/liveEvent/[eventId]/chat/[chatId]/read';
import * as chat from './api/liveEvent/[eventId]/chat/index';
import * as chatSupport from './api/liveEvent/[eventId]/chat/support';
import * as deleteMyAccount from './api/liveEvent/[eventId]/deleteMyAccount';
import * as deleteTimelineComment from './api/liveEvent/[eventId]/deleteTimelineComment';
import * as deleteTimelineEntry from './api/liveEvent/[eventId]/deleteTimelineEntry';
import * as getAllSelfieOverlays from './api/liveEvent/[eventId]/getAllSelfieOverlays';
import * as getAllTimelineItems from './api/liveEvent/[eventId]/getAllTimelineItems';
import * as getAllTimelineItemsCount from './api/liveEvent/[eventId]/getAllTimelineItems/[count]';
import * as getOwnUserInfoFromSession from './api/liveEvent/[eventId]/getOwnUserInfoFromSession';
import * as getPromotedTimelineItems from './api/liveEvent/[eventId]/getPromotedTimelineItems';
import * as groups from './api/liveEvent/[eventId]/groups';
import * as likeTimelineEntry from './api/liveEvent/[eventId]/likeTimelineEntry';
import * as liveGetPollIdIsCode from './api/liveEvent/[eventId]/liveGetPoll/[id]/[isCode]';
import * as liveStoreFreeTextAnswer from './api/liveEvent/[eventId]/liveStoreFreeTextAnswer';
import * as livePolls from './api/liveEvent/[eventId]/livePolls';
import * as liveStorePollAnswer from './api/liveEvent/[eventId]/liveStorePollAnswer';
import * as manifestMe from './api/liveEvent/[eventId]/manifest/me';
import * as myData from './api/liveEvent/[eventId]/myData';
import * as participantId from './api/liveEvent/[eventId]/participant/[id]';
import * as participantsIds from './api/liveEvent/[eventId]/participants/[ids]';
import * as publicGroups from './api/liveEvent/[eventId]/publicGroups';
import * as quizAnswer from './api/liveEvent/[eventId]/quizAnswer';
import * as sponsorsIdUsers from './api/liveEvent/[eventId]/sponsors/[id]/users';
import * as templateQuizAnswer from './api/liveEvent/[eventId]/templateQuizAnswer';
import * as toggleUserVisibility from './api/liveEvent/[eventId]/toggleUserVisibility';
import * as unlikeTimelineEntry from './api/liveEvent/[eventId]/unlikeTimelineEntry';
import * as updateUser from './api/liveEvent/[eventId]/updateUser';
import * as uploadSelfieImage from './api/liveEvent/[eventId]/uploadSelfieImage';
import * as uploadUserAvatar from './api/liveEvent/[eventId]/uploadUserAvatar';
import * as userGroups from './api/liveEvent/[eventId]/user/groups';
import * as usersCount from './api/liveEvent/[eventId]/users/count';
import * as users from './api/liveEvent/[eventId]/users/index';
import * as usersOnline from './api/liveEvent/[eventId]/users/online';

export const socialRoutes: readonly RouteDeclaration[] = [
  { method: 'POST', path: '/api/liveEvent/:eventId/addTimelineComment', who: 'member', sideEffects: true, cache: 'private', bodyLimit: TIMELINE_POST_BODY, handler: addTimelineComment.POST },
  { method: 'POST', path: '/api/liveEvent/:eventId/addTimelineEntry', who: 'member', sideEffects: true, cache: 'private', bodyLimit: TIMELINE_POST_BODY, handler: addTimelineEntry.POST },
  { method: 'GET', path: '/api/liveEvent/:eventId/chat/:chatId', who: 'member', sideEffects: false, cache: 'private', handler: chatChatId.GET },
  { method: 'POST', path: '/api/liveEvent/:eventId/chat/:chatId', who: 'member', sideEffects: true, cache: 'private', bodyLimit: 16 * 1024, handler: chatChatId.POST },
  { method: 'PUT', path: '/api/liveEvent/:eventId/chat/:chatId/read', who: 'member', sideEffects: true, cache: 'private', bodyLimit: FORM_BODY, handler: chatChatIdRead.PUT },
  { method: 'GET', path: '/api/liveEvent/:eventId/chat', who: 'member', sideEffects: false, cache: 'private', handler: chat.GET },
  { method: 'POST', path: '/api/liveEvent/:eventId/chat', who: 'member', sideEffects: true, cache: 'private', bodyLimit: 4096, handler: chat.POST },
  { method: 'POST', path: '/api/liveEvent/:eventId/chat/support', who: 'member', sideEffects: true, cache: 'private', bodyLimit: FORM_BODY, handler: chatSupport.POST },
  { method: 'POST', path: '/api/liveEvent/:eventId/deleteMyAccount', who: 'member', sideEffects: true, cache: 'private', bodyLimit: FORM_BODY, handler: deleteMyAccount.POST },
  { method: 'POST', path: '/api/liveEvent/:eventId/deleteTimelineComment', who: 'member', sideEffects: true, cache: 'private', bodyLimit: 4096, handler: deleteTimelineComment.POST },
  { method: 'POST', path: '/api/liveEvent/:eventId/deleteTimelineEntry', who: 'member', sideEffects: true, cache: 'private', bodyLimit: 4096, handler: deleteTimelineEntry.POST },
  { method: 'GET', path: '/api/liveEvent/:eventId/getAllSelfieOverlays', who: 'member', sideEffects: false, cache: 'private', handler: getAllSelfieOverlays.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/getAllTimelineItems', who: 'member', sideEffects: false, cache: 'private', handler: getAllTimelineItems.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/getAllTimelineItems/:count', who: 'member', sideEffects: false, cache: 'private', handler: getAllTimelineItemsCount.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/getOwnUserInfoFromSession', who: 'member', sideEffects: false, cache: 'private', handler: getOwnUserInfoFromSession.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/getPromotedTimelineItems', who: 'member', sideEffects: false, cache: 'private', handler: getPromotedTimelineItems.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/groups', who: 'member', sideEffects: false, cache: 'private', handler: groups.GET },
  { method: 'POST', path: '/api/liveEvent/:eventId/likeTimelineEntry', who: 'member', sideEffects: true, cache: 'private', bodyLimit: 4096, handler: likeTimelineEntry.POST },
  { method: 'GET', path: '/api/liveEvent/:eventId/liveGetPoll/:id/:isCode', who: 'member', sideEffects: false, cache: 'private', handler: liveGetPollIdIsCode.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/livePolls', who: 'member', sideEffects: false, cache: 'member', handler: livePolls.GET },
  { method: 'POST', path: '/api/liveEvent/:eventId/liveStoreFreeTextAnswer', who: 'member', sideEffects: true, cache: 'private', bodyLimit: 16384, handler: liveStoreFreeTextAnswer.POST },
  { method: 'POST', path: '/api/liveEvent/:eventId/liveStorePollAnswer', who: 'member', sideEffects: true, cache: 'private', bodyLimit: 16384, handler: liveStorePollAnswer.POST },
  { method: 'GET', path: '/api/liveEvent/:eventId/manifest/me', who: 'member', sideEffects: false, cache: 'private', handler: manifestMe.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/myData', who: 'member', sideEffects: false, cache: 'private', handler: myData.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/participant/:id', who: 'member', sideEffects: false, cache: 'private', handler: participantId.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/participants/:ids', who: 'member', sideEffects: false, cache: 'private', handler: participantsIds.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/publicGroups', who: 'member', sideEffects: false, cache: 'private', handler: publicGroups.GET },
  { method: 'POST', path: '/api/liveEvent/:eventId/quizAnswer', who: 'member', sideEffects: true, cache: 'private', bodyLimit: 131072, handler: quizAnswer.POST },
  { method: 'GET', path: '/api/liveEvent/:eventId/sponsors/:id/users', who: 'member', sideEffects: false, cache: 'private', handler: sponsorsIdUsers.GET },
  { method: 'POST', path: '/api/liveEvent/:eventId/templateQuizAnswer', who: 'member', sideEffects: true, cache: 'private', bodyLimit: 131072, handler: templateQuizAnswer.POST },
  { method: 'POST', path: '/api/liveEvent/:eventId/toggleUserVisibility', who: 'member', sideEffects: true, cache: 'private', bodyLimit: FORM_BODY, handler: toggleUserVisibility.POST },
  { method: 'POST', path: '/api/liveEvent/:eventId/unlikeTimelineEntry', who: 'member', sideEffects: true, cache: 'private', bodyLimit: 4096, handler: unlikeTimelineEntry.POST },
  { method: 'POST', path: '/api/liveEvent/:eventId/updateUser', who: 'member', sideEffects: true, cache: 'private', bodyLimit: FORM_BODY, handler: updateUser.POST },
  { method: 'POST', path: '/api/liveEvent/:eventId/uploadSelfieImage', who: 'member', sideEffects: true, cache: 'private', bodyLimit: SELFIE_BODY, handler: uploadSelfieImage.POST },
  { method: 'POST', path: '/api/liveEvent/:eventId/uploadUserAvatar', who: 'member', sideEffects: true, cache: 'private', bodyLimit: uploadUserAvatar.MAX_BODY, handler: uploadUserAvatar.POST },
  { method: 'GET', path: '/api/liveEvent/:eventId/user/groups', who: 'member', sideEffects: false, cache: 'private', handler: userGroups.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/users/count', who: 'member', sideEffects: false, cache: 'private', handler: usersCount.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/users', who: 'member', sideEffects: false, cache: 'private', handler: users.GET },
  { method: 'GET', path: '/api/liveEvent/:eventId/users/online', who: 'member', sideEffects: false, cache: 'private', handler: usersOnline.GET },
];
