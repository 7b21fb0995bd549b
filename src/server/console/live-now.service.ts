import type { LiveNowSnapshot, StageSetting } from '~/contracts/console';
import type { EventInfo } from '~/contracts/event-info';
import type { LiveNowRepository } from './live-now.repository';
import type { Organiser } from './organiser-access';

/** Answers per second are averaged over this window, so one tap does not read as a burst. */
export const ANSWER_RATE_WINDOW_MS = 10_000;

/** The event as the request found it (kept per version, events/event.service): the stage is two of its fields. */
export type LiveNowEvent = Pick<EventInfo, 'mainStreamUrl' | 'stageSessionId' | 'stageTitle' | 'holdingImageUrl' | 'holdingShown'>;

/** The stage as the console shows it, from the event's fields (docs/console.md "The stage's sources"). */
export const stageOf = (event: LiveNowEvent): StageSetting => ({
  streamUrl: event.mainStreamUrl, sessionId: event.stageSessionId, sessionTitle: event.stageTitle,
  holdingImageUrl: event.holdingImageUrl, holdingShown: event.holdingShown,
});

interface Dependencies {
  repository: LiveNowRepository;
  /** Who has an open realtime connection to the event, across nodes (presence). */
  onlineUserIds: (eventId: number) => Promise<number[]>;
  clock: () => Date;
}

/**
 * The console's Live now: attendees online (digital, or in person = scanned in at the door), the
 * open polls' answers so far and per second, unread support chats and the stage's stream. Read
 * per call (the open polls with their counts in one query, the unread chats in another; the
 * stage from the event the request already holds); the console reads it again on the realtime
 * events that move it.
 */
export function createLiveNow({ repository, onlineUserIds, clock }: Dependencies) {
  return {
    async snapshot(organiser: Organiser, event: LiveNowEvent): Promise<LiveNowSnapshot> {
      const now = clock();
      const since = new Date(now.getTime() - ANSWER_RATE_WINDOW_MS).toISOString();
      const [online, polls, unreadSupportChats] = await Promise.all([
        onlineUserIds(organiser.eventId).then((userIds) => repository.attendeesByPlatform(organiser.eventId, userIds)),
        repository.openPolls(organiser.eventId, since),
        repository.unreadSupportChats(organiser.eventId, organiser.userId),
      ]);
      return {
        online,
        polls: polls.map((p) => ({
          id: p.id, title: p.title, questionType: p.questionType, answers: p.answers,
          answersPerSecond: Math.round((p.recentAnswers / (ANSWER_RATE_WINDOW_MS / 1000)) * 10) / 10,
        })),
        unreadSupportChats, stage: stageOf(event), readAt: now.toISOString(),
      };
    },
  };
}

export type LiveNow = ReturnType<typeof createLiveNow>;
