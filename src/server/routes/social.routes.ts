import type { RouteDeclaration } from '~/server/http/route-rules';
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
  addTimelineComment.POST,
  addTimelineEntry.POST,
  chatChatId.GET,
  chatChatId.POST,
  chatChatIdRead.PUT,
  chat.GET,
  chat.POST,
  chatSupport.POST,
  deleteMyAccount.POST,
  deleteTimelineComment.POST,
  deleteTimelineEntry.POST,
  getAllSelfieOverlays.GET,
  getAllTimelineItems.GET,
  getAllTimelineItemsCount.GET,
  getOwnUserInfoFromSession.GET,
  getPromotedTimelineItems.GET,
  groups.GET,
  likeTimelineEntry.POST,
  liveGetPollIdIsCode.GET,
  livePolls.GET,
  liveStoreFreeTextAnswer.POST,
  liveStorePollAnswer.POST,
  manifestMe.GET,
  myData.GET,
  participantId.GET,
  participantsIds.GET,
  publicGroups.GET,
  quizAnswer.POST,
  sponsorsIdUsers.GET,
  templateQuizAnswer.POST,
  toggleUserVisibility.POST,
  unlikeTimelineEntry.POST,
  updateUser.POST,
  uploadSelfieImage.POST,
  uploadUserAvatar.POST,
  userGroups.GET,
  usersCount.GET,
  users.GET,
  usersOnline.GET,
];
